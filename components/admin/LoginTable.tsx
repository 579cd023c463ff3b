/**
 * The federation admin's list of logins (issue 22, /admin/users): email, name, account type,
 * verified email, the promoters a login acts for (promoter staff) and its creation date. A
 * search by email or name and page links that work without JavaScript (`?q=`, `?page=`). On a
 * phone the email column stays in place and the others scroll inside the table. Server
 * component: plain rows from lib/server/policy `listLogins`.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import { LinkButton } from '@/components/ui/links';
import type { Locale } from '@/lib/config';
import { formatDateTime } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { LOGINS_PAGE, type LoginRow } from '@/lib/server/policy';

const sticky = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', minWidth: 140, maxWidth: 220, overflowWrap: 'anywhere' } as const;

/** `/admin/users` with the search and page (page 1 and an empty search left out). */
function usersHref(q: string, page: number): string {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (page > 1) query.set('page', String(page));
  const s = query.toString();
  return s ? `/admin/users?${s}` : '/admin/users';
}

export async function LoginTable({ locale, logins, total, q, page }: { locale: Locale; logins: LoginRow[]; total: number; q: string; page: number }) {
  const t = await getTranslations({ locale, namespace: 'admin.users' });
  const last = Math.max(1, Math.ceil(total / LOGINS_PAGE));
  return (
    <Box>
      <Box component="form" role="search" method="get" aria-label={t('search')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2, maxWidth: 560 }}>
        <TextField name="q" type="search" size="small" label={t('searchLabel')} defaultValue={q} slotProps={{ htmlInput: { maxLength: 100 } }} sx={{ flex: '1 1 220px', minWidth: 0 }} />
        <Button type="submit" variant="contained" sx={{ minHeight: 40 }}>
          {t('search')}
        </Button>
        {q && (
          <LinkButton href="/admin/users" variant="text" sx={{ minHeight: 40 }}>
            {t('clear')}
          </LinkButton>
        )}
      </Box>
      {total === 0 ? (
        <EmptyState>{t('none')}</EmptyState>
      ) : (
        <>
          <Typography role="status" sx={{ mb: 1 }} color="text.secondary">
            {t('count', { count: total })}
          </Typography>
          <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: '100%' }}>
            <Table size="small" sx={{ minWidth: 720 }}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col" sx={sticky}>
                    {t('email')}
                  </TableCell>
                  <TableCell scope="col">{t('name')}</TableCell>
                  <TableCell scope="col">{t('role')}</TableCell>
                  <TableCell scope="col">{t('verified')}</TableCell>
                  <TableCell scope="col">{t('promoters')}</TableCell>
                  <TableCell scope="col" sx={{ whiteSpace: 'nowrap' }}>
                    {t('created')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {logins.map((login) => (
                  <TableRow key={login.id}>
                    <TableCell component="th" scope="row" sx={{ ...sticky, fontWeight: 500 }}>
                      {login.email}
                    </TableCell>
                    <TableCell>{login.name}</TableCell>
                    <TableCell>{t(`roles.${login.role}`)}</TableCell>
                    <TableCell>{login.emailVerified ? t('yes') : t('no')}</TableCell>
                    <TableCell>
                      {login.promoters.map((p, i) => (
                        <span key={p.id}>
                          {i > 0 && ', '}
                          <Link href={`/results/${p.userId}`}>{p.name}</Link>
                        </span>
                      ))}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(new Date(login.createdAt), locale)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {last > 1 && (
            <Box component="nav" aria-label={t('pageOf', { page, last })} sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
              {page > 1 && (
                <LinkButton href={usersHref(q, page - 1)} variant="outlined">
                  {t('previous')}
                </LinkButton>
              )}
              <Typography color="text.secondary">{t('pageOf', { page, last })}</Typography>
              {page < last && (
                <LinkButton href={usersHref(q, page + 1)} variant="outlined">
                  {t('next')}
                </LinkButton>
              )}
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
