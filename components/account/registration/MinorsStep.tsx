'use client';
/**
 * The Minors step (spec §4: optional, several can be created; §3 a minor's relationship to the
 * adult; §5 a minor's email optional but different from the parent/guardian's): the minors
 * added so far (name, age, relationship) with Edit and Remove, and an "Add a minor" form
 * (`minorInput`, plus the guardian's email rule). Next checks the whole list with
 * `minorsStep(login email)`; an open form with something typed in is saved first (nothing
 * typed is lost). Skip (offered while the list is empty) goes on without minors. A server
 * issue on `children.N` opens that minor's form with the issue on its field.
 */
import AddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, type DefaultValues, type Path } from 'react-hook-form';
import { accountIssues, ACCOUNT_LIMITS, ageOn, minorInput, minorsStep } from '@/lib/contracts/account';
import { useIssueText } from '../fields/issue-text';
import { RelationshipField } from '../fields/RelationshipField';
import { TextInput } from '../fields/TextInput';
import { PersonFields } from './PersonFields';
import { focusFirstInvalid, StepButtons, type StepNav } from './StepForm';
import { emptyMinor, minorFields, placeIssues, stepResolver, type MinorRaw, type PlacedIssue } from './steps';

export interface MinorsStepProps {
  minors: MinorRaw[];
  onMinorsChange: (minors: MinorRaw[]) => void;
  /** The login email, which no minor's email may repeat. */
  guardianEmail: string;
  /** The minor of the Information step ("registering a minor"), already part of the account. */
  registeredMinor: string | null;
  issues: PlacedIssue[];
  nav: StepNav;
  onNext: (minors: MinorRaw[]) => void;
  /** Says something through the stepper's live region ("Léa added"). */
  announce: (text: string) => void;
}

type Editing = number | 'new' | null;

export function MinorsStep({ minors, onMinorsChange, guardianEmail, registeredMinor, issues, nav, onNext, announce }: MinorsStepProps) {
  const t = useTranslations('accountStepper');
  const tf = useTranslations('accountFields');
  const issue = useIssueText();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const firstChildIssue = issues.find((i) => i.child !== undefined && i.child < minors.length)?.child;
  const [editing, setEditing] = useState<Editing>(firstChildIssue ?? null);
  const [listIssue, setListIssue] = useState<string | null>(issues.find((i) => i.child === undefined)?.code ?? null);

  const resolver = useMemo(() => {
    const guardian = guardianEmail.trim().toLowerCase();
    const schema = minorInput.superRefine((v, ctx) => {
      if (guardian && v.email && v.email === guardian) ctx.addIssue({ code: 'custom', path: ['email'], message: 'invalid_minor_email' });
    });
    return stepResolver<MinorRaw, typeof schema>(schema);
  }, [guardianEmail]);
  const form = useForm<MinorRaw, unknown, unknown>({
    resolver,
    defaultValues: (typeof firstChildIssue === 'number' ? minors[firstChildIssue] : emptyMinor()) as DefaultValues<MinorRaw>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });

  // The server's issues on one minor: shown on that minor's form once the step opens.
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || firstChildIssue === undefined) return;
    applied.current = true;
    for (const i of issues) if (i.child === firstChildIssue && i.field) form.setError(i.field as Path<MinorRaw>, { type: 'server', message: i.code });
    focusFirstInvalid(formRef.current);
  }, [form, issues, firstChildIssue]);

  const nameOf = (m: MinorRaw) => `${m.firstName} ${m.lastName}`.trim();
  const full = minors.length >= ACCOUNT_LIMITS.minors.max;

  const open = (which: Exclude<Editing, null>, withIssues: PlacedIssue[] = []) => {
    form.reset(which === 'new' ? emptyMinor() : minors[which]);
    for (const i of withIssues) if (i.field) form.setError(i.field as Path<MinorRaw>, { type: 'server', message: i.code });
    setEditing(which);
    setListIssue(null);
    requestAnimationFrame(() => {
      if (withIssues.length) focusFirstInvalid(formRef.current);
      else formRef.current?.querySelector<HTMLInputElement>('input:not([type=hidden])')?.focus();
    });
  };
  const close = () => {
    setEditing(null);
    requestAnimationFrame(() => addRef.current?.focus());
  };

  /** Checks and stores the open form; the new list, or null when the form is refused. */
  const save = async (): Promise<MinorRaw[] | null> => {
    if (editing === null) return minors;
    if (!(await form.trigger())) {
      focusFirstInvalid(formRef.current);
      return null;
    }
    const values = form.getValues();
    const list = editing === 'new' ? [...minors, values] : minors.map((m, i) => (i === editing ? values : m));
    onMinorsChange(list);
    announce(t(editing === 'new' ? 'minors.added' : 'minors.updated', { name: nameOf(values) }));
    close();
    return list;
  };

  const remove = (index: number) => {
    const removed = minors[index];
    onMinorsChange(minors.filter((_, i) => i !== index));
    if (editing === index) setEditing(null);
    else if (typeof editing === 'number' && editing > index) setEditing(editing - 1);
    announce(t('minors.removed', { name: nameOf(removed) }));
    requestAnimationFrame(() => addRef.current?.focus());
  };

  const next = async () => {
    let list = minors;
    if (editing !== null) {
      // Something typed in a new minor's form (or any open edit) is saved, not lost.
      const typed = JSON.stringify(form.getValues()) !== JSON.stringify(emptyMinor());
      if (typed || editing !== 'new') {
        const saved = await save();
        if (!saved) return;
        list = saved;
      } else {
        setEditing(null);
      }
    }
    const checked = minorsStep(guardianEmail).safeParse({ children: list.map(minorFields) });
    if (!checked.success) {
      const placed = placeIssues(accountIssues(checked.error));
      const child = placed.find((p) => p.child !== undefined)?.child;
      if (child !== undefined) open(child, placed.filter((p) => p.child === child));
      else setListIssue(placed[0]?.code ?? 'invalid_children');
      return;
    }
    onNext(list);
  };

  const formTitle = editing === 'new' || editing === null ? t('minors.formTitle') : t('minors.editTitle', { name: nameOf(minors[editing]) });

  return (
    <Box>
      {registeredMinor ? (
        <Typography sx={{ mb: 2 }}>{t('minors.alreadyIncluded', { name: registeredMinor })}</Typography>
      ) : null}
      <Typography component="h3" variant="h6" id={`${id}-list`} sx={{ mb: 1 }}>
        {t('minors.listTitle')}
      </Typography>
      {minors.length ? (
        <Box component="ul" aria-labelledby={`${id}-list`} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {minors.map((m, i) => {
            const age = ageOn({ year: Number(m.birthday.year), month: Number(m.birthday.month), day: Number(m.birthday.day) });
            const name = nameOf(m);
            return (
              <Paper component="li" variant="outlined" key={`${i}-${name}`} sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('minors.age', { age })} · {m.relationship ? tf(`relationships.${m.relationship}`) : ''}
                  </Typography>
                </Box>
                <Button size="small" onClick={() => open(i)} aria-label={t('minors.editOf', { name })} disabled={!nav.ready}>
                  {t('edit')}
                </Button>
                <Button size="small" color="error" onClick={() => remove(i)} aria-label={t('minors.removeOf', { name })} disabled={!nav.ready}>
                  {t('minors.remove')}
                </Button>
              </Paper>
            );
          })}
        </Box>
      ) : (
        <Typography color="text.secondary">{t('minors.none')}</Typography>
      )}
      {listIssue ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {issue(listIssue)}
        </Alert>
      ) : null}

      {editing !== null ? (
        <Paper
          component="form"
          ref={formRef}
          noValidate
          variant="outlined"
          aria-labelledby={`${id}-form`}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}
        >
          <Typography component="h3" variant="h6" id={`${id}-form`} sx={{ mb: 2 }}>
            {formTitle}
          </Typography>
          <Stack spacing={2.5}>
            <PersonFields control={form.control} own={false} phone="optional" />
            <RelationshipField control={form.control} name="relationship" />
            <TextInput
              control={form.control}
              name="email"
              label={tf('minorEmail')}
              type="email"
              inputMode="email"
              autoComplete="off"
              maxLength={ACCOUNT_LIMITS.email.max}
              htmlInput={{ autoCapitalize: 'none', spellCheck: false }}
            />
          </Stack>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 3 }}>
            <Button type="submit" variant="contained" disabled={!nav.ready}>
              {editing === 'new' ? t('minors.save') : t('minors.update')}
            </Button>
            <Button type="button" onClick={close}>
              {t('minors.cancel')}
            </Button>
          </Box>
        </Paper>
      ) : full ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {tf('errors.invalid_children')}
        </Typography>
      ) : (
        <Button ref={addRef} variant="outlined" startIcon={<AddIcon />} onClick={() => open('new')} sx={{ mt: 2 }} disabled={!nav.ready}>
          {t('minors.add')}
        </Button>
      )}

      <StepButtons nav={{ ...nav, onSkip: minors.length || editing !== null ? undefined : nav.onSkip }} onNext={() => void next()} t={t} />
    </Box>
  );
}
