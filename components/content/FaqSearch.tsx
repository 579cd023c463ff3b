'use client';
/**
 * The FAQ page's search and disclosures (spec §1, §2 Screens: FAQ page with search). Receives
 * the already-fetched FAQs of the page's language as plain data (answers sanitised on the
 * server) and filters them as the visitor types, across questions and answers, ignoring
 * accents and case (lib/contracts/content filterFaqs). The search stays in the URL (`?q=`) so
 * it can be shared; without JavaScript the form submits it and the server filters. A live
 * region announces how many questions match.
 */
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { faqSearchText, filterFaqs, groupByCategory, searchTerms, type FaqEntry } from '@/lib/contracts/content';

/** Longest search kept (characters). */
const MAX_QUERY = 100;

export function FaqSearch({ faqs, initialQuery }: { faqs: FaqEntry[]; initialQuery: string }) {
  const t = useTranslations('content.faq');
  const [query, setQuery] = useState(initialQuery.slice(0, MAX_QUERY));
  const texts = useMemo(() => faqs.map(faqSearchText), [faqs]);
  const matches = useMemo(() => filterFaqs(faqs, query, texts), [faqs, query, texts]);
  const groups = groupByCategory(matches);
  const active = searchTerms(query).length > 0;
  // Category headings only when there is more than the one "general" group.
  const categorised = groupByCategory(faqs).some((g) => g.category !== null);

  function update(value: string) {
    const next = value.slice(0, MAX_QUERY);
    setQuery(next);
    const url = new URL(window.location.href);
    if (next.trim()) url.searchParams.set('q', next);
    else url.searchParams.delete('q');
    window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  }

  return (
    <>
      <Box component="form" role="search" method="get" onSubmit={(e) => e.preventDefault()} sx={{ mb: 2 }}>
        <TextField
          name="q"
          type="search"
          label={t('searchLabel')}
          helperText={t('searchHelp')}
          value={query}
          onChange={(e) => update(e.target.value)}
          autoComplete="off"
          fullWidth
          slotProps={{ htmlInput: { maxLength: MAX_QUERY } }}
        />
      </Box>
      <Typography role="status" aria-live="polite" aria-atomic="true" data-testid="faq-count" sx={{ mb: 2, fontWeight: 500 }}>
        {active ? t('results', { count: matches.length, query: query.trim() }) : t('total', { count: faqs.length })}
      </Typography>
      {active && matches.length === 0 && (
        <Box sx={{ mb: 2 }}>
          <Typography sx={{ mb: 1 }}>{t('noMatch')}</Typography>
          <Button variant="outlined" onClick={() => update('')}>
            {t('clear')}
          </Button>
        </Box>
      )}
      {groups.map((group, g) => (
        <Box
          component={categorised ? 'section' : 'div'}
          key={group.category ?? ''}
          aria-labelledby={categorised ? `faq-group-${g}` : undefined}
          sx={{ mb: 3 }}
        >
          {categorised && (
            <Typography component="h2" variant="h5" id={`faq-group-${g}`} sx={{ mb: 1.5 }}>
              {group.category ?? t('general')}
            </Typography>
          )}
          {group.items.map((faq) => (
            <Accordion
              key={`${faq.id}-${active}`}
              defaultExpanded={active}
              disableGutters
              variant="outlined"
              data-testid="faq-item"
              slotProps={{ heading: { component: categorised ? 'h3' : 'h2' } }}
            >
              <AccordionSummary expandIcon={<ExpandMore />} id={`faq-${faq.id}-question`} aria-controls={`faq-${faq.id}-answer`}>
                <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {faq.question}
                </Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Box className="rich-text" sx={{ lineHeight: 1.65, overflowWrap: 'anywhere', '& p': { mt: 0 } }} dangerouslySetInnerHTML={{ __html: faq.answerHtml }} />
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      ))}
    </>
  );
}
