'use client';
/**
 * Adding or editing a minor in the family section (spec §3 Participant account: a minor's
 * first and last name, gender, date of birth, relationship, optional email and phone; §5 rules;
 * spec §6 "A parent or guardian manages minors' accounts from the family section"). The form
 * holds one minor as the Minors step does (`children.0.*`), so the shared
 * `minorsStep(holderEmail)` checks it exactly as at account creation: `minorInput` (under 18, a
 * relationship) and a minor's email different from the guardian's ('The minor's email address
 * must be different from the parent/guardian's email address.'). Saved with POST
 * /ll/api/v1/users/current/minors or PUT …/minors/{id}; the server's field codes land on their
 * fields, any other refusal in an alert (409 `minor_in_other_family`, issue 22: with a link to
 * the contact page). A native modal dialog (components/ui/Dialog, issue 23): full screen on
 * phones, focus on the first name once open, focus back on the button that opened it.
 */
import { useTranslations } from 'next-intl';
import { useId, useMemo, useRef } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { BirthdayField, EMPTY_BIRTHDAY } from '@/components/account/fields/BirthdayField';
import { EmailField } from '@/components/account/fields/EmailField';
import { GenderField } from '@/components/account/fields/GenderField';
import { PhoneField } from '@/components/account/fields/PhoneField';
import { RelationshipField } from '@/components/account/fields/RelationshipField';
import { TextInput } from '@/components/account/fields/TextInput';
import { Alert } from '@/components/ui/Alert';
import { Dialog, DialogActions, DialogContent, DialogForm, DialogTitle } from '@/components/ui/Dialog';
import ui from '@/components/ui/ui.module.css';
import { useAddMinor, useUpdateMinor, type AccountCallError } from '@/lib/api/account';
import type { MinorFields } from '@/lib/contracts/account';
import { ACCOUNT_LIMITS, parseBirthday, type MinorView } from '@/lib/contracts/account-rules';
import { lazyResolver, preloadOn } from '@/lib/forms/lazy-resolver';
import { Link } from '@/lib/i18n/navigation';
import account from '../profile/account.module.css';
import { applyIssues, useFailureText } from '../profile/call-errors';
import styles from './family.module.css';

/** One minor as the form holds it (strings; the schema checks and converts them). */
interface MinorFormValues {
  firstName: string;
  lastName: string;
  gender: string;
  birthday: { year: string; month: string; day: string };
  relationship: string;
  email: string;
  phone: string;
}
type FormValues = { children: MinorFormValues[] };

/** The form's values of a stored minor, or an empty form. */
function formValues(minor: MinorView | null): FormValues {
  if (!minor) return { children: [{ firstName: '', lastName: '', gender: '', birthday: EMPTY_BIRTHDAY, relationship: '', email: '', phone: '' }] };
  const b = parseBirthday(minor.birthday);
  return {
    children: [
      {
        firstName: minor.firstName,
        lastName: minor.lastName,
        gender: minor.gender,
        birthday: b ? { year: String(b.year), month: String(b.month), day: String(b.day) } : EMPTY_BIRTHDAY,
        relationship: minor.relationship,
        email: minor.email ?? '',
        phone: minor.phone ?? '',
      },
    ],
  };
}

const FIELDS = ['firstName', 'lastName', 'gender', 'birthday', 'relationship', 'email', 'phone'] as const;
const P = 'children.0';

export interface MinorDialogProps {
  /** Open: `{ minor: null }` to add one, `{ minor }` to edit it; null: closed. */
  editing: { minor: MinorView | null } | null;
  /** The holder's email (a minor's must differ). */
  holderEmail: string;
  onClose: () => void;
  /** Called with the stored minor once saved. */
  onSaved: (minor: MinorView, added: boolean) => void;
}

/** The dialog's form; mounted afresh for each minor opened (its default values). */
function MinorForm({ minor, holderEmail, onClose, onSaved, titleId }: Omit<MinorDialogProps, 'editing'> & { minor: MinorView | null; titleId: string }) {
  const t = useTranslations('account.family');
  const tf = useTranslations('accountFields');
  const add = useAddMinor();
  const update = useUpdateMinor();
  const failureText = useFailureText();
  const te = useTranslations('account.errors');
  const mutation = minor ? update : add;
  // `minorsStep(holderEmail)` through `zodResolver` (./schemas.ts), fetched on the form's first focus (issue 23).
  const resolver = useMemo(() => lazyResolver(() => import('./schemas').then((m) => m.minorResolver(holderEmail) as unknown as Resolver<FormValues>)), [holderEmail]);
  const { control, handleSubmit, setError } = useForm<FormValues>({
    resolver,
    defaultValues: formValues(minor),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  /** A save under way, set at the submit itself: a double click comes before `isPending` renders (two POSTs would add the minor twice). */
  const saving = useRef(false);
  const onError = (err: AccountCallError) => {
    saving.current = false;
    applyIssues(err, setError, FIELDS, (path) => `${P}.${path}`);
  };
  const submit = ({ children }: FormValues) => {
    if (saving.current) return;
    saving.current = true;
    // What the schema returned: one minor, checked and formatted.
    const fields = children[0] as unknown as MinorFields;
    if (minor) update.mutate({ id: minor.id, fields }, { onSuccess: (saved) => onSaved(saved, false), onError });
    else add.mutate(fields, { onSuccess: (saved) => onSaved(saved, true), onError });
  };
  const failure = mutation.isError && !mutation.error.issues.length ? failureText(mutation.error) : null;
  const title = minor ? t('editTitle', { name: `${minor.firstName} ${minor.lastName}` }) : t('addTitle');
  return (
    <DialogForm noValidate {...preloadOn(resolver)} onSubmit={(event) => void handleSubmit(submit)(event)} aria-labelledby={titleId} data-testid="minor-form">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <div className={styles.fields}>
          <div className={ui.grid2}>
            <TextInput control={control} name={`${P}.firstName`} label={tf('firstName')} required autoComplete="off" maxLength={ACCOUNT_LIMITS.name.max} />
            <TextInput control={control} name={`${P}.lastName`} label={tf('lastName')} required autoComplete="off" maxLength={ACCOUNT_LIMITS.name.max} />
          </div>
          <GenderField control={control} name={`${P}.gender`} />
          <BirthdayField control={control} name={`${P}.birthday`} person="minor" />
          <RelationshipField control={control} name={`${P}.relationship`} />
          <EmailField
            control={control}
            name={`${P}.email`}
            label={tf('minorEmail')}
            autoComplete="off"
            hint={t('emailHint')}
          />
          <PhoneField control={control} name={`${P}.phone`} label={tf('minorPhone')} autoComplete="off" />
          {failure ? (
            <Alert severity="error">
              {failure}
              {mutation.error?.apiCode === 'minor_in_other_family' ? (
                <>
                  {' '}
                  <Link href="/contact-us">{te('contactFederation')}</Link>
                </>
              ) : null}
            </Alert>
          ) : null}
        </div>
      </DialogContent>
      <DialogActions>
        <button type="button" className={`${ui.button} ${account.upper}`} onClick={onClose} disabled={mutation.isPending}>
          {t('cancel')}
        </button>
        <button type="submit" className={`${ui.button} ${ui.contained} ${account.upper}`} disabled={mutation.isPending}>
          {mutation.isPending ? <span className={ui.spinner} aria-hidden="true" /> : null}
          {minor ? t('save') : t('add')}
        </button>
      </DialogActions>
    </DialogForm>
  );
}

/** The add / edit dialog (see the file's docstring). */
export function MinorDialog({ editing, holderEmail, onClose, onSaved }: MinorDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={editing !== null} onClose={onClose} titleId={titleId} fullWidth data-testid="minor-dialog">
      {editing ? <MinorForm key={editing.minor?.id ?? 'new'} minor={editing.minor} holderEmail={holderEmail} onClose={onClose} onSaved={onSaved} titleId={titleId} /> : null}
    </Dialog>
  );
}
