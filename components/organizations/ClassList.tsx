/**
 * An organization's classes (spec §2 /organizations/{id?}/classes): each class group with its
 * classes in sort order (name, age limits, description), then the classes outside a group.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import type { Locale } from '@/lib/config';
import type { ClassRow, OrganizationClasses } from '@/lib/server/organizations';
import { ageMessage } from './ages';

export async function ClassList({ locale, classes }: { locale: Locale; classes: OrganizationClasses }) {
  const t = await getTranslations({ locale, namespace: 'directory.classes' });
  if (!classes.groups.length && !classes.other.length) return <EmptyState>{t('none')}</EmptyState>;
  const groups = [...classes.groups.map((g) => ({ key: `g${g.id}`, name: g.name, classes: g.classes })), ...(classes.other.length ? [{ key: 'other', name: t('other'), classes: classes.other }] : [])];
  const row = (c: ClassRow) => {
    const age = ageMessage(c.minAge, c.maxAge);
    return (
      <Box component="li" key={c.id} sx={{ py: 1.25, px: 2, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{c.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            <span className="visually-hidden">{t('ages')}: </span>
            {t(age.key, age.values)}
          </Typography>
        </Box>
        {c.description && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {c.description}
          </Typography>
        )}
      </Box>
    );
  };
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {groups.map((g) => (
        <Box component="section" key={g.key} aria-labelledby={`class-group-${g.key}`}>
          <Typography id={`class-group-${g.key}`} component="h2" variant="h6" gutterBottom>
            {g.name}
          </Typography>
          <Paper variant="outlined" component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {g.classes.map(row)}
          </Paper>
        </Box>
      ))}
    </Box>
  );
}
