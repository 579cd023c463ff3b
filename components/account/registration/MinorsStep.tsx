'use client';
/**
 * The Minors step (spec §4: optional, several can be created; §3 a minor's relationship to the
 * adult; §5 a minor's email optional but different from the parent/guardian's): the minors
 * added so far (name, age, relationship) with Edit and Remove, and an "Add a minor" form
 * (`minorInput`, plus the guardian's email rule). Next checks the whole list with
 * `minorsStep(login email)`; an open form with something typed in is saved first (nothing
 * typed is lost). Skip (offered while the list is empty) goes on without minors. A server
 * issue on `children.N` opens that minor's form with the issue on its field. Plain HTML: the
 * list and the form in bordered boxes (./registration.module.css).
 */
import { useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, type DefaultValues, type Path } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Icon } from '@/components/ui/Icon';
import { PERSON_ADD } from '@/components/ui/icons/person-add';
import ui from '@/components/ui/ui.module.css';
import { ACCOUNT_LIMITS, ageOn } from '@/lib/contracts/account-rules';
import { lazyResolver, preloadOn } from '@/lib/forms/lazy-resolver';
import { useIssueText } from '../fields/issue-text';
import { RelationshipField } from '../fields/RelationshipField';
import { EmailField } from '../fields/EmailField';
import { PersonFields } from './PersonFields';
import css from './registration.module.css';
import { focusFirstInvalid, StepButtons, type StepNav } from './StepForm';
import { emptyMinor, placeIssues, type MinorRaw, type PlacedIssue } from './steps';

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

  // `minorInput` and the guardian's email rule (./schemas.ts), fetched on the step's first focus or press (issue 23).
  const resolver = useMemo(() => lazyResolver(() => import('./schemas').then((m) => m.minorResolver(guardianEmail))), [guardianEmail]);
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
    // The whole list with `minorsStep(guardianEmail)` (./schemas.ts; loaded by the step's first focus or press).
    const { minorsIssues } = await import('./schemas');
    const refused = minorsIssues(guardianEmail, list);
    if (refused) {
      const placed = placeIssues(refused);
      const child = placed.find((p) => p.child !== undefined)?.child;
      if (child !== undefined) open(child, placed.filter((p) => p.child === child));
      else setListIssue(placed[0]?.code ?? 'invalid_children');
      return;
    }
    onNext(list);
  };

  const formTitle = editing === 'new' || editing === null ? t('minors.formTitle') : t('minors.editTitle', { name: nameOf(minors[editing]) });

  return (
    <div className={css.minors} {...preloadOn(resolver)}>
      {registeredMinor ? <p className={css.registered}>{t('minors.alreadyIncluded', { name: registeredMinor })}</p> : null}
      <h3 className={`${ui.h6} ${css.listTitle}`} id={`${id}-list`}>
        {t('minors.listTitle')}
      </h3>
      {minors.length ? (
        <ul aria-labelledby={`${id}-list`} className={css.minorList}>
          {minors.map((m, i) => {
            const age = ageOn({ year: Number(m.birthday.year), month: Number(m.birthday.month), day: Number(m.birthday.day) });
            const name = nameOf(m);
            return (
              <li key={`${i}-${name}`} className={`${ui.outlinedPaper} ${css.minorItem}`}>
                <div className={css.minorWho}>
                  <p className={css.who}>{name}</p>
                  <p className={`${ui.body2} ${css.muted}`}>
                    {t('minors.age', { age })} · {m.relationship ? tf(`relationships.${m.relationship}`) : ''}
                  </p>
                </div>
                <button type="button" className={`${ui.button} ${ui.small} ${ui.upper}`} onClick={() => open(i)} aria-label={t('minors.editOf', { name })} disabled={!nav.ready}>
                  {t('edit')}
                </button>
                <button
                  type="button"
                  className={`${ui.button} ${ui.small} ${ui.danger} ${ui.upper}`}
                  onClick={() => remove(i)}
                  aria-label={t('minors.removeOf', { name })}
                  disabled={!nav.ready}
                >
                  {t('minors.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={css.muted}>{t('minors.none')}</p>
      )}
      {listIssue ? (
        <Alert severity="error" role="alert" className={css.listIssue}>
          {issue(listIssue)}
        </Alert>
      ) : null}

      {editing !== null ? (
        <form
          ref={formRef}
          noValidate
          aria-labelledby={`${id}-form`}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          className={`${ui.outlinedPaper} ${css.minorForm}`}
        >
          <h3 className={`${ui.h6} ${css.formTitle}`} id={`${id}-form`}>
            {formTitle}
          </h3>
          <div className={css.fields}>
            <PersonFields control={form.control} own={false} phone="optional" person="minor" />
            <RelationshipField control={form.control} name="relationship" />
            <EmailField
              control={form.control}
              name="email"
              label={tf('minorEmail')}
              autoComplete="off"
            />
          </div>
          <div className={css.formButtons}>
            <button type="submit" className={`${ui.button} ${ui.contained} ${ui.upper}`} disabled={!nav.ready}>
              {editing === 'new' ? t('minors.save') : t('minors.update')}
            </button>
            <button type="button" className={`${ui.button} ${ui.upper}`} onClick={close}>
              {t('minors.cancel')}
            </button>
          </div>
        </form>
      ) : full ? (
        <p className={css.full}>{tf('errors.invalid_children')}</p>
      ) : (
        <button ref={addRef} type="button" className={`${ui.button} ${ui.outlined} ${ui.upper} ${css.add}`} onClick={() => open('new')} disabled={!nav.ready}>
          <Icon path={PERSON_ADD} size={20} />
          {t('minors.add')}
        </button>
      )}

      <StepButtons nav={{ ...nav, onSkip: minors.length || editing !== null ? undefined : nav.onSkip }} onNext={() => void next()} t={t} />
    </div>
  );
}
