'use client';
/**
 * What every step of the account-creation stepper shares: `useStepForm` (one react-hook-form
 * per step with that step's zod schema, fetched when the step's form is first focused:
 * ./schemas.ts; the server's issues for the step set on its fields when it opens) and
 * `StepForm` (the form with its Back / Skip / Next buttons; a refused Next moves the focus to
 * the first field in error). Native form and buttons (issue 23), in the
 * looks of MUI's large buttons (./registration.module.css).
 */
import { useTranslations } from 'next-intl';
import { useEffect, useRef, type BaseSyntheticEvent, type FormEvent, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Icon } from '@/components/ui/Icon';
import { ARROW_BACK } from '@/components/ui/icons/arrow-back';
import { ARROW_FORWARD } from '@/components/ui/icons/arrow-forward';
import ui from '@/components/ui/ui.module.css';
import { preloadOn, type Preloadable } from '@/lib/forms/lazy-resolver';
import css from './registration.module.css';
import type { PlacedIssue } from './steps';

/** The buttons of a step (besides Next, which submits the step's form). */
export interface StepNav {
  /** Back to the previous step, keeping what was typed (absent on the first step). */
  onBack?: () => void;
  /** Skip an optional step (Existing Account, Minors). */
  onSkip?: () => void;
  /** The Next button's text ("Next", "Save and review", "Create Account"); absent: no Next (Existing Account: Back or Skip). */
  nextLabel?: string;
  /** Work under way (the check, the creation): the buttons wait, Next shows progress. */
  busy?: boolean;
  /** False until the page is interactive: a click before would submit the form natively. */
  ready: boolean;
}

/**
 * The submit handler of a step's form: `onValid` when the schema accepts the values, else the
 * focus goes to the first field in error.
 */
export function stepSubmit(
  handleSubmit: (onValid: () => void, onInvalid: () => void) => (event?: BaseSyntheticEvent) => Promise<void>,
  onValid: () => void,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    void handleSubmit(onValid, () => focusFirstInvalid(form))(event);
  };
}

/**
 * Focuses the first field marked invalid inside `root` once React has rendered the errors: the
 * marks may land a few frames after the resolver answers (its checks are fetched when first
 * used), so it looks again on each of the next frames, for at most half a second.
 */
export function focusFirstInvalid(root: HTMLElement | null) {
  const until = performance.now() + 500;
  const look = () => {
    const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else if (performance.now() < until) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/**
 * The form of a step: values typed so far as defaults, the step's schema, the server's issues
 * set once it opens; `onChange` hears every change (the stepper keeps the values for Back).
 */
export function useStepForm<Raw extends FieldValues, Out>(
  resolver: Resolver<Raw, unknown, Out>,
  values: Raw,
  issues: PlacedIssue[] = [],
  onChange?: (values: Raw) => void,
): UseFormReturn<Raw, unknown, Out> {
  const form = useForm<Raw, unknown, Out>({
    resolver,
    defaultValues: values as DefaultValues<Raw>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || !issues.length) return;
    applied.current = true;
    for (const issue of issues) form.setError((issue.field || 'root') as Path<Raw>, { type: 'server', message: issue.code });
  }, [form, issues]);
  useEffect(() => {
    if (!onChange) return;
    return form.subscribe({ formState: { values: true }, callback: () => onChange(form.getValues()) });
  }, [form, onChange]);
  return form;
}

export interface StepFormProps {
  /** The id of the step's heading (the form's name). */
  labelledBy: string;
  /** Called by the form's submit: usually `handleSubmit(valid, invalid)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  nav: StepNav;
  /** The step's lazy resolver: the form's first focus or press starts fetching its checks (lib/forms/lazy-resolver.ts). */
  preload?: Preloadable;
  children: ReactNode;
}

/** The form, its fields, and the step's buttons (Back left; Skip and Next right; full width on phones). */
export function StepForm({ labelledBy, onSubmit, nav, preload, children }: StepFormProps) {
  const t = useTranslations('accountStepper');
  return (
    <form noValidate aria-labelledby={labelledBy} aria-busy={nav.busy || undefined} {...(preload ? preloadOn(preload) : {})} onSubmit={onSubmit}>
      <div className={css.fields}>{children}</div>
      <StepButtons nav={nav} submit t={t} />
    </form>
  );
}

const BUTTON = `${ui.button} ${css.large} ${ui.upper}`;

/**
 * Back, Skip and Next as a row (a column on phones, Next first). `submit`: Next submits the
 * enclosing form. While `nav.busy` Next is disabled and shows a spinner in place of its arrow.
 */
export function StepButtons({ nav, submit, onNext, t }: { nav: StepNav; submit?: boolean; onNext?: () => void; t: ReturnType<typeof useTranslations> }) {
  return (
    <div className={css.buttons}>
      {nav.onBack ? (
        <button type="button" className={`${BUTTON} ${css.text}`} onClick={nav.onBack} disabled={!nav.ready || nav.busy}>
          <Icon path={ARROW_BACK} size={22} />
          {t('back')}
        </button>
      ) : null}
      <div className={css.spacer} />
      {nav.onSkip ? (
        <button type="button" className={`${BUTTON} ${nav.nextLabel ? ui.outlined : ui.contained}`} onClick={nav.onSkip} disabled={!nav.ready || nav.busy}>
          {t('skip')}
        </button>
      ) : null}
      {nav.nextLabel ? (
        <button type={submit ? 'submit' : 'button'} onClick={submit ? undefined : onNext} className={`${BUTTON} ${ui.contained}`} disabled={!nav.ready || !!nav.busy}>
          {nav.nextLabel}
          {nav.busy ? <span className={ui.spinner} aria-hidden="true" /> : <Icon path={ARROW_FORWARD} size={22} />}
        </button>
      ) : null}
    </div>
  );
}
