/** An order's state as a word in a coloured outline (the word carries the meaning; the colour only helps). Server or client. */
import css from './admin-orders.module.css';

export function StateBadge({ state, label }: { state: string; label: string }) {
  return (
    <span className={css.state} data-state={state}>
      {label}
    </span>
  );
}
