'use client';
/**
 * The family section's body (spec §6 "A parent or guardian manages minors' accounts from the
 * family section"; issue 11 "see, add and edit the minors they manage; no one else can see
 * them"; "a guardian can [download and close] for their minors"): one card per minor — name,
 * age, relationship, email and phone when given — with Edit (./MinorDialog), Download data (a
 * plain link to GET /ll/api/v1/users/current/minors/{id}/export) and Close account (the
 * holder's password again, DELETE …/minors/{id}). "Add a minor" above the cards, and in the
 * empty state. The list starts from what the server rendered (`useMinors(initial)`) and
 * follows each change; what happened is said in a focused status message.
 * Ages are counted on `today` (the server's calendar day), so both renders agree. Plain HTML
 * (issue 23).
 */
import { useTranslations } from 'next-intl';
import { Fragment, useEffect, useRef, useState } from 'react';
import { Icon } from '@/components/ui/Icon';
import { DELETE_FOREVER } from '@/components/ui/icons/delete-forever';
import { DOWNLOAD } from '@/components/ui/icons/download';
import { EDIT } from '@/components/ui/icons/edit';
import { PERSON_ADD } from '@/components/ui/icons/person-add';
import ui from '@/components/ui/ui.module.css';
import { accountPaths, useCloseMinor, useMinors } from '@/lib/api/account';
import { ageOn, parseBirthday, type MinorView } from '@/lib/contracts/account-rules';
import account from '../profile/account.module.css';
import { ConfirmPasswordDialog } from '../profile/ConfirmPasswordDialog';
import { FocusAlert } from '../profile/FocusAlert';
import styles from './family.module.css';
import { MinorDialog } from './MinorDialog';

/** A card's small text buttons (MUI's Button size small, its capitals kept). */
const CARD_BUTTON = `${ui.button} ${ui.small} ${account.upper}`;

export interface FamilyListProps {
  /** The minors the server rendered. */
  initial: MinorView[];
  /** The holder's email (a minor's must differ). */
  holderEmail: string;
  /** Today's calendar day, YYYY-MM-DD (ages). */
  today: string;
}

/** Age in whole years of a `YYYY-MM-DD` birthday on `today` (YYYY-MM-DD), or null. */
function ageOf(birthday: string, today: string): number | null {
  const b = parseBirthday(birthday);
  const d = parseBirthday(today);
  return b && d ? ageOn(b, new Date(d.year, d.month - 1, d.day)) : null;
}

type Notice = { kind: 'added' | 'saved' | 'closed'; name: string };

function MinorCard({ minor, today, onEdit, onClose }: { minor: MinorView; today: string; onEdit: () => void; onClose: () => void }) {
  const t = useTranslations('account.family');
  const tf = useTranslations('accountFields');
  const age = ageOf(minor.birthday, today);
  const name = `${minor.firstName} ${minor.lastName}`;
  const facts: [string, string][] = [
    [t('relationship'), tf(`relationships.${minor.relationship}`)],
    ...(minor.email ? ([[t('email'), minor.email]] as [string, string][]) : []),
    ...(minor.phone ? ([[t('phone'), minor.phone]] as [string, string][]) : []),
  ];
  return (
    <li className={`${ui.outlinedPaper} ${styles.card}`} data-testid="minor-card">
      <div className={styles.cardBody}>
        <h3 className={styles.cardName}>{name}</h3>
        {age !== null ? <p className={styles.age}>{t('age', { age })}</p> : null}
        <dl className={styles.facts}>
          {facts.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      </div>
      <div className={styles.cardActions}>
        <button type="button" className={CARD_BUTTON} onClick={onEdit} aria-label={t('editOf', { name })}>
          <Icon path={EDIT} size={18} />
          {t('edit')}
        </button>
        <a href={accountPaths.minorExport(minor.id)} download className={CARD_BUTTON} aria-label={t('downloadOf', { name })}>
          <Icon path={DOWNLOAD} size={18} />
          {t('download')}
        </a>
        <button type="button" className={`${CARD_BUTTON} ${ui.danger}`} onClick={onClose} aria-label={t('closeOf', { name })}>
          <Icon path={DELETE_FOREVER} size={18} />
          {t('close')}
        </button>
      </div>
    </li>
  );
}

export function FamilyList({ initial, holderEmail, today }: FamilyListProps) {
  const t = useTranslations('account.family');
  const minors = useMinors(initial);
  const closeMinor = useCloseMinor();
  const [editing, setEditing] = useState<{ minor: MinorView | null } | null>(null);
  const [closing, setClosing] = useState<MinorView | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const list = minors.data ?? initial;
  const addButton = (
    <button type="button" className={`${ui.button} ${ui.contained} ${account.upper}`} onClick={() => setEditing({ minor: null })} data-testid="add-minor">
      <Icon path={PERSON_ADD} size={20} />
      {t('addButton')}
    </button>
  );
  return (
    <section aria-labelledby="family-list-title">
      <h2 id="family-list-title" className={styles.listTitle}>
        {t('listTitle', { count: list.length })}
      </h2>
      {notice ? (
        <FocusAlert ref={noticeRef} className={styles.spaced} onClose={() => setNotice(null)} data-testid="family-notice">
          {t(`notice.${notice.kind}`, { name: notice.name })}
        </FocusAlert>
      ) : null}
      {list.length ? (
        <>
          <div className={styles.spaced}>{addButton}</div>
          <ul className={styles.minors} aria-label={t('listLabel')} data-testid="minors">
            {list.map((minor) => (
              <MinorCard key={minor.id} minor={minor} today={today} onEdit={() => setEditing({ minor })} onClose={() => setClosing(minor)} />
            ))}
          </ul>
        </>
      ) : (
        <div className={styles.empty} data-testid="family-empty">
          <p>{t('empty')}</p>
          {addButton}
        </div>
      )}
      <MinorDialog
        editing={editing}
        holderEmail={holderEmail}
        onClose={() => setEditing(null)}
        onSaved={(minor, added) => {
          setEditing(null);
          setNotice({ kind: added ? 'added' : 'saved', name: `${minor.firstName} ${minor.lastName}` });
        }}
      />
      <ConfirmPasswordDialog
        open={closing !== null}
        onClose={() => setClosing(null)}
        title={t('closeTitle', { name: closing ? `${closing.firstName} ${closing.lastName}` : '' })}
        body={t('closeBody')}
        confirmLabel={t('closeConfirm')}
        onConfirm={async (password) => {
          if (!closing) return;
          const name = `${closing.firstName} ${closing.lastName}`;
          await closeMinor.mutateAsync({ id: closing.id, password });
          setClosing(null);
          setNotice({ kind: 'closed', name });
        }}
        testId="close-minor-dialog"
      />
    </section>
  );
}
