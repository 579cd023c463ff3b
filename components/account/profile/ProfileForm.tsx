'use client';
/**
 * The holder's profile form on the account page (issue 11 "Profiles: sees and edits their own
 * profile (contact, address, emergency contact)"; spec §3 Participant account, §5 rules): phone,
 * address (with its `updateId`), emergency contact and licence or member number, checked with
 * the shared contract (`profileUpdateInput` through `zodResolver`, fetched on the form's first focus: the phone 3-3-4 and address
 * formatters of the field widgets apply as they are typed), saved with PUT
 * /ll/api/v1/users/current/profile. The server's field codes land on their fields
 * (`accountFields.errors.<code>`), any other refusal in an alert; a success message (focused,
 * `role="status"`) once saved, and the form then holds what the server stored. Name, date of
 * birth and email are shown read-only above it by the page. Phone first: one column, two from 600 px.
 * Plain HTML (issue 23).
 */
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { AddressFields } from '@/components/account/fields/AddressFields';
import { EmergencyContactFields } from '@/components/account/fields/EmergencyContactFields';
import { PhoneField } from '@/components/account/fields/PhoneField';
import { TextInput } from '@/components/account/fields/TextInput';
import { Alert } from '@/components/ui/Alert';
import { Icon } from '@/components/ui/Icon';
import { SAVE } from '@/components/ui/icons/save';
import ui from '@/components/ui/ui.module.css';
import { useUpdateProfile } from '@/lib/api/account';
import type { ProfileUpdateInput } from '@/lib/contracts/account';
import { ACCOUNT_LIMITS, type ProfileView } from '@/lib/contracts/account-rules';
import { lazyResolver, preloadOn } from '@/lib/forms/lazy-resolver';
import { applyIssues, useFailureText } from './call-errors';
import { FocusAlert } from './FocusAlert';
import styles from './account.module.css';

/** The form's values: strings as the fields hold them (the schema formats and checks them). */
interface ProfileFormValues {
  phone: string;
  address: { address: string; country: string; state: string; city: string; zip: string; area: string; updateId: number };
  emergencyContact: { firstName: string; lastName: string; phone: string; cell: string; email: string };
  licence: string;
}

/** The form's values of a stored profile (absent optional values as empty fields). */
export function profileFormValues(p: ProfileView): ProfileFormValues {
  return {
    phone: p.phone,
    address: { ...p.address, area: p.address.area ?? '' },
    emergencyContact: {
      firstName: p.emergencyContact.firstName,
      lastName: p.emergencyContact.lastName,
      phone: p.emergencyContact.phone ?? '',
      cell: p.emergencyContact.cell ?? '',
      email: p.emergencyContact.email ?? '',
    },
    licence: p.licence ?? '',
  };
}

const FIELDS = ['phone', 'address', 'emergencyContact', 'licence'] as const;

/**
 * `profileUpdateInput` through `zodResolver` (./schemas.ts), fetched on the form's first focus
 * (issue 23). The form holds strings; the schema checks and formats them: what is submitted is its output.
 */
const resolver = lazyResolver(() => import('./schemas').then((m) => m.profileResolver as unknown as Resolver<ProfileFormValues>));

/** A sub-heading of the form (h3 under the section's h2). */
function Part({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <fieldset aria-labelledby={id} className={styles.part}>
      <h3 id={id} className={styles.partTitle}>
        {title}
      </h3>
      {children}
    </fieldset>
  );
}

export function ProfileForm({ profile }: { profile: ProfileView }) {
  const t = useTranslations('account.profile');
  const tf = useTranslations('accountFields');
  const id = useId();
  const mutation = useUpdateProfile();
  const failureText = useFailureText();
  const successRef = useRef<HTMLDivElement>(null);
  const { control, handleSubmit, reset, setError, formState } = useForm<ProfileFormValues>({
    resolver,
    defaultValues: profileFormValues(profile),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    if (mutation.isSuccess) successRef.current?.focus();
  }, [mutation.isSuccess]);

  const onSubmit = (values: ProfileFormValues) => {
    mutation.mutate(values as unknown as ProfileUpdateInput, {
      onSuccess: (saved) => reset(profileFormValues(saved)),
      onError: (err) => {
        applyIssues(err, setError, FIELDS);
      },
    });
  };

  const error = mutation.isError && !mutation.error.issues.length ? failureText(mutation.error) : null;
  const saving = mutation.isPending;
  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      aria-busy={saving}
      {...preloadOn(resolver)}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className={styles.profileForm}
      data-testid="profile-form"
    >
      <h3 id={`${id}-title`} className="visually-hidden">
        {t('formTitle')}
      </h3>
      <div className={styles.formStack}>
        <Part id={`${id}-contact`} title={t('contact')}>
          <PhoneField control={control} name="phone" required />
        </Part>
        <Part id={`${id}-address`} title={t('address')}>
          <AddressFields control={control} prefix="address" />
        </Part>
        <Part id={`${id}-emergency`} title={t('emergencyContact')}>
          <EmergencyContactFields control={control} prefix="emergencyContact" />
        </Part>
        <Part id={`${id}-licence`} title={t('licence')}>
          <TextInput control={control} name="licence" label={tf('licence')} hint={t('licenceHint')} autoComplete="off" maxLength={ACCOUNT_LIMITS.licence.max} />
        </Part>
        {mutation.isSuccess && !formState.isDirty ? (
          <FocusAlert ref={successRef} data-testid="profile-saved">
            {t('saved')}
          </FocusAlert>
        ) : null}
        {error ? <Alert severity="error">{error}</Alert> : null}
        {mutation.isError && mutation.error.issues.length ? <Alert severity="error">{t('fixFields')}</Alert> : null}
        <div>
          <button type="submit" className={`${ui.button} ${ui.contained} ${ui.large} ${ui.upper} ${styles.submit}`} disabled={saving}>
            {saving ? <span className={ui.spinner} aria-hidden="true" /> : <Icon path={SAVE} size={22} />}
            {t('save')}
          </button>
        </div>
      </div>
    </form>
  );
}
