/**
 * An organization's members (spec §2 /organizations/{id?}/members): people whose membership
 * is valid today, by last name: name, member number, membership type, club and last day of
 * validity. No email, phone, birth date or address. A search by name or member number and
 * page links (50 a page) that work without JavaScript (`?q=`, `?page=`). On a phone the name
 * column stays in place and the others scroll inside the table.
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
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { MEMBER_SEARCH_MAX, type MemberPage } from '@/lib/server/organizations';
import { membersHref } from './members-href';

const sticky = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', minWidth: 150, maxWidth: 220, overflowWrap: 'anywhere' } as const;

export async function MemberList({ locale, path, members: list }: { locale: Locale; path: string; members: MemberPage }) {
  const t = await getTranslations({ locale, namespace: 'directory.members' });
  const { members, q, page, lastPage, total } = list;
  return (
    <Box>
      <Box component="form" role="search" method="get" aria-label={t('searchForm')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2, maxWidth: 560 }}>
        <TextField
          name="q"
          type="search"
          size="small"
          label={t('searchLabel')}
          defaultValue={q}
          slotProps={{ htmlInput: { maxLength: MEMBER_SEARCH_MAX } }}
          sx={{ flex: '1 1 220px', minWidth: 0 }}
        />
        <Button type="submit" variant="contained" sx={{ minHeight: 40 }}>
          {t('search')}
        </Button>
        {q && (
          <LinkButton href={path} variant="text" sx={{ minHeight: 40 }}>
            {t('clear')}
          </LinkButton>
        )}
      </Box>
      {total === 0 ? (
        <EmptyState>{q ? t('noMatch', { q }) : t('none')}</EmptyState>
      ) : (
        <>
          <Typography role="status" sx={{ mb: 1 }} color="text.secondary">
            {t('count', { count: total })}
          </Typography>
          <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: '100%' }}>
            <Table size="small" sx={{ minWidth: 640 }}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col" sx={sticky}>
                    {t('name')}
                  </TableCell>
                  <TableCell scope="col">{t('number')}</TableCell>
                  <TableCell scope="col">{t('type')}</TableCell>
                  <TableCell scope="col">{t('club')}</TableCell>
                  <TableCell scope="col" sx={{ whiteSpace: 'nowrap' }}>
                    {t('validUntil')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {members.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell component="th" scope="row" sx={{ ...sticky, fontWeight: 500 }}>
                      {m.lastName}, {m.firstName}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.number}</TableCell>
                    <TableCell sx={{ minWidth: 150 }}>{m.membershipType}</TableCell>
                    <TableCell sx={{ minWidth: 140 }}>{m.club ? <Link href={`/promoters/${m.club.userId}`}>{m.club.name}</Link> : '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <time dateTime={m.validUntil}>{formatDate(m.validUntil, locale)}</time>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {lastPage > 1 && (
            <Box component="nav" aria-label={t('pages')} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 2 }}>
              {page > 1 && (
                <LinkButton href={membersHref(path, q, page - 1)} variant="outlined" sx={{ minHeight: 44 }}>
                  ‹ {t('previous')}
                </LinkButton>
              )}
              <Typography aria-current="page">{t('page', { page, last: lastPage })}</Typography>
              {page < lastPage && (
                <LinkButton href={membersHref(path, q, page + 1)} variant="outlined" sx={{ minHeight: 44 }}>
                  {t('next')} ›
                </LinkButton>
              )}
            </Box>
          )}
        </>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('privacy')}
      </Typography>
    </Box>
  );
}
