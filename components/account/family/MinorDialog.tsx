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
 * the contact page). Full screen on phones.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslations } from 'next-intl';
import { useId, useRef } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { BirthdayField, EMPTY_BIRTHDAY, GenderField, PhoneField, RelationshipField, TextInput } from '@/components/account/fields';
import { useAddMinor, useUpdateMinor, type AccountCallError } from '@/lib/api/account';
import { ACCOUNT_LIMITS, minorsStep, parseBirthday, type MinorFields, type MinorView } from '@/lib/contracts/account';
import { Link } from '@/lib/i18n/navigation';
import { applyIssues, useFailureText } from '../profile/call-errors';

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
  const { control, handleSubmit, setError } = useForm<FormValues>({
    resolver: zodResolver(minorsStep(holderEmail)) as unknown as Resolver<FormValues>,
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
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      data-testid="minor-form"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextInput control={control} name={`${P}.firstName`} label={tf('firstName')} required autoComplete="off" maxLength={ACCOUNT_LIMITS.name.max} />
            <TextInput control={control} name={`${P}.lastName`} label={tf('lastName')} required autoComplete="off" maxLength={ACCOUNT_LIMITS.name.max} />
          </Box>
          <GenderField control={control} name={`${P}.gender`} />
          <BirthdayField control={control} name={`${P}.birthday`} />
          <RelationshipField control={control} name={`${P}.relationship`} />
          <TextInput
            control={control}
            name={`${P}.email`}
            label={tf('minorEmail')}
            type="email"
            inputMode="email"
            autoComplete="off"
            maxLength={ACCOUNT_LIMITS.email.max}
            hint={t('emailHint')}
            htmlInput={{ autoCapitalize: 'none', spellCheck: false }}
          />
          <PhoneField control={control} name={`${P}.phone`} label={tf('minorPhone')} autoComplete="off" />
          {failure ? (
            <Alert severity="error" role="alert">
              {failure}
              {mutation.error?.apiCode === 'minor_in_other_family' ? (
                <>
                  {' '}
                  <Link href="/contact-us">{te('contactFederation')}</Link>
                </>
              ) : null}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={mutation.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={mutation.isPending}>
          {minor ? t('save') : t('add')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** The add / edit dialog (see the file's docstring). */
export function MinorDialog({ editing, holderEmail, onClose, onSaved }: MinorDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={editing !== null} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" scroll="paper" aria-labelledby={titleId} data-testid="minor-dialog">
      {editing ? <MinorForm key={editing.minor?.id ?? 'new'} minor={editing.minor} holderEmail={holderEmail} onClose={onClose} onSaved={onSaved} titleId={titleId} /> : null}
    </Dialog>
  );
}
