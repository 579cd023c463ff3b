/**
 * A labelled native form control with its hint or error under it (issue 23: forms without
 * MUI; the looks of MUI's outlined TextField in ui.module.css). Works in server and client
 * components. `children` receives the attributes the control must carry (its id, and
 * `aria-invalid` / `aria-describedby` pointing at the text under it), e.g.
 *
 *   <Field id="email" label="Email" required error={err}>{(a) => <input {...a} className={ui.input} />}</Field>
 *
 * The required mark is hidden from assistive technology, which hears `aria-required` instead.
 */
import type { CSSProperties, ReactNode } from 'react';
import ui from './ui.module.css';

/** The attributes a control inside a `Field` or `FieldSet` takes. */
export interface ControlAria {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

/** Props shared by `Field` and `FieldSet`. */
interface FrameProps {
  /** The element id of the control (a `FieldSet`'s: the group's own id prefix). */
  id: string;
  /** The translated label or legend. */
  label: ReactNode;
  required?: boolean;
  /** The translated error: shown in the error colour instead of the hint; marks the control invalid. */
  error?: string;
  /** The translated hint shown while there is no error. */
  hint?: ReactNode;
  /** Marks the control invalid without a message of its own (its group's error is shown elsewhere). */
  invalid?: boolean;
  className?: string;
  /** Inline style of the frame (a flex basis in a row of fields). */
  style?: CSSProperties;
}

/** The control's accessibility attributes for a frame's state. */
function controlAria(id: string, required: boolean | undefined, invalid: boolean, error: string | undefined, hint: ReactNode): ControlAria {
  return {
    id,
    ...(invalid ? { 'aria-invalid': true as const } : {}),
    ...(error || hint ? { 'aria-describedby': `${id}-helper` } : {}),
    ...(required ? { 'aria-required': true as const } : {}),
  };
}

function RequiredMark({ required }: { required?: boolean }) {
  return required ? (
    <span aria-hidden="true" className={ui.asterisk}>
      *
    </span>
  ) : null;
}

function Helper({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  if (!error && !hint) return null;
  return (
    <p id={`${id}-helper`} className={ui.helper}>
      {error ?? hint}
    </p>
  );
}

/** One control with its `<label>` above and its hint or error below. */
export function Field({ id, label, required, error, hint, invalid, className, style, children }: FrameProps & { children: (aria: ControlAria) => ReactNode }) {
  const bad = !!error || !!invalid;
  return (
    <div className={className ? `${ui.field} ${className}` : ui.field} style={style} data-invalid={bad ? '' : undefined}>
      <label htmlFor={id} className={ui.label}>
        {label}
        <RequiredMark required={required} />
      </label>
      {children(controlAria(id, required, bad, error, hint))}
      <Helper id={id} error={error} hint={hint} />
    </div>
  );
}

/**
 * A group of controls (radio buttons, the three selects of a date) in a `<fieldset>` with its
 * `<legend>`; its error under the group, referenced by each control through the ids `children`
 * receives (`describedBy`, undefined when there is nothing under the group).
 */
export function FieldSet({ id, label, required, error, hint, invalid, className, children }: FrameProps & { children: (group: { describedBy?: string; invalid: boolean }) => ReactNode }) {
  const bad = !!error || !!invalid;
  return (
    <fieldset className={className ? `${ui.fieldset} ${className}` : ui.fieldset} data-invalid={bad ? '' : undefined}>
      <legend className={ui.legend}>
        {label}
        <RequiredMark required={required} />
      </legend>
      {children({ describedBy: error || hint ? `${id}-helper` : undefined, invalid: bad })}
      <Helper id={id} error={error} hint={hint} />
    </fieldset>
  );
}
