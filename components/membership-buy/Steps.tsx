/**
 * The steps of a purchase as a numbered list (issue 26 buying a membership, issue 27 registering
 * for an event): done steps plain, the current one marked for the eye and for screen readers
 * (`aria-current="step"`). Server component; the labels come translated.
 */
import buy from './buy.module.css';

export function Steps({ label, steps, current }: { label: string; steps: readonly string[]; current: number }) {
  return (
    <ol className={buy.steps} aria-label={label}>
      {steps.map((s, i) => (
        <li key={s} aria-current={i + 1 === current ? 'step' : undefined} className={i + 1 < current ? buy.done : undefined}>
          {s}
        </li>
      ))}
    </ol>
  );
}
