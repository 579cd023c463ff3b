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
 * Ages are counted on `today` (the server's calendar day), so both renders agree.
 */
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { accountPaths, useCloseMinor, useMinors } from '@/lib/api/account';
import { ageOn, parseBirthday, type MinorView } from '@/lib/contracts/account';
import { ConfirmPasswordDialog } from '../profile/ConfirmPasswordDialog';
import { MinorDialog } from './MinorDialog';

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
    <Card component="li" variant="outlined" sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column' }} data-testid="minor-card">
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Typography component="h3" variant="h6" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        {age !== null ? <Typography color="text.secondary">{t('age', { age })}</Typography> : null}
        <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, rowGap: 0.5, fontSize: 15 }}>
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {label}
              </Box>
              <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 1.5, pb: 1.5 }}>
        <Button size="small" startIcon={<EditIcon />} onClick={onEdit} aria-label={t('editOf', { name })}>
          {t('edit')}
        </Button>
        <Button size="small" startIcon={<DownloadIcon />} href={accountPaths.minorExport(minor.id)} download aria-label={t('downloadOf', { name })}>
          {t('download')}
        </Button>
        <Button size="small" color="error" startIcon={<DeleteForeverIcon />} onClick={onClose} aria-label={t('closeOf', { name })}>
          {t('close')}
        </Button>
      </CardActions>
    </Card>
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
    <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setEditing({ minor: null })} data-testid="add-minor">
      {t('addButton')}
    </Button>
  );
  return (
    <Box component="section" aria-labelledby="family-list-title">
      <Typography component="h2" variant="h5" id="family-list-title" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('listTitle', { count: list.length })}
      </Typography>
      {notice ? (
        <Alert severity="success" role="status" ref={noticeRef} tabIndex={-1} sx={{ mb: 2 }} onClose={() => setNotice(null)} data-testid="family-notice">
          {t(`notice.${notice.kind}`, { name: notice.name })}
        </Alert>
      ) : null}
      {list.length ? (
        <>
          <Box sx={{ mb: 2 }}>{addButton}</Box>
          <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }} aria-label={t('listLabel')} data-testid="minors">
            {list.map((minor) => (
              <MinorCard key={minor.id} minor={minor} today={today} onEdit={() => setEditing({ minor })} onClose={() => setClosing(minor)} />
            ))}
          </Box>
        </>
      ) : (
        <Box sx={{ py: 3, px: 2, bgcolor: 'action.hover', borderRadius: 1 }} data-testid="family-empty">
          <Typography sx={{ mb: 2 }}>{t('empty')}</Typography>
          {addButton}
        </Box>
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
    </Box>
  );
}
