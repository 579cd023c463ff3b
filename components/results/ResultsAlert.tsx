/**
 * A message of the race and score pages (spec §8 Results: 'No Results Available Yet', 'Race is
 * not available for public display' …), plain HTML (issue 23: MUI's Alert before, whose look
 * it keeps with `ui.alert`): an icon of its severity and the text. `role` is `alert` (MUI's
 * default) unless the caller says `status`. Works in server and client components.
 */
import type { ReactNode } from 'react';
import { Icon } from '@/components/ui/Icon';
import ui from '@/components/ui/ui.module.css';
import css from './results.module.css';

/** MUI's Alert icons (InfoOutlined, ReportProblemOutlined, ErrorOutline). */
const ICONS = {
  info: 'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20,12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M11,17H13V11H11V17Z',
  warning: 'M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z',
  error: 'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
} as const;

const SEVERITY = { info: ui.alertInfo, warning: ui.alertWarning, error: ui.alertError } as const;

export function ResultsAlert({ severity, role = 'alert', action, className, children }: {
  severity: keyof typeof ICONS;
  role?: 'alert' | 'status';
  /** A control at the end (a "Try again" button). */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role={role} className={`${ui.alert} ${SEVERITY[severity]} ${css.alert}${className ? ` ${className}` : ''}`}>
      <Icon path={ICONS[severity]} size={22} className={css[`icon-${severity}`]} />
      <div className={css.alertText}>{children}</div>
      {action ? <div className={css.alertAction}>{action}</div> : null}
    </div>
  );
}
