'use client';
/**
 * The FAQ page's search and disclosures (spec §1, §2 Screens: FAQ page with search). Receives
 * the already-fetched FAQs of the page's language as plain data (answers sanitised on the
 * server) and filters them as the visitor types, across questions and answers, ignoring
 * accents and case (lib/contracts/content filterFaqs). The search stays in the URL (`?q=`) so
 * it can be shared; without JavaScript the form submits it and the server filters. A live
 * region announces how many questions match. Each question is a disclosure: a heading holding
 * a button (aria-expanded, aria-controls) that shows or hides its answer region. Plain HTML
 * and CSS (issue 23: no MUI).
 */
import { useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { Icon } from '@/components/ui/Icon';
import { EXPAND_MORE } from '@/components/ui/icons/expand-more';
import { faqSearchText, filterFaqs, groupByCategory, searchTerms, type FaqEntry } from '@/lib/contracts/content';
import styles from './faq.module.css';

/** Longest search kept (characters). */
const MAX_QUERY = 100;

/** One question and its answer; open from the start while a search is active. */
function FaqItem({ faq, heading: Heading, defaultExpanded }: { faq: FaqEntry; heading: 'h2' | 'h3'; defaultExpanded: boolean }) {
  const [expanded, setExpanded] = useState(defaultExpanded);
  const question = `faq-${faq.id}-question`;
  const answer = `faq-${faq.id}-answer`;
  return (
    <div data-testid="faq-item" className={styles.item}>
      <Heading className={styles.heading}>
        <button type="button" id={question} aria-expanded={expanded} aria-controls={answer} className={styles.summary} onClick={() => setExpanded(!expanded)}>
          <span className={styles.question}>{faq.question}</span>
          <span className={styles.expandIcon}>
            <Icon path={EXPAND_MORE} />
          </span>
        </button>
      </Heading>
      <div role="region" id={answer} aria-labelledby={question} hidden={!expanded} className={styles.answer}>
        <div className={`rich-text ${styles.answerText}`} dangerouslySetInnerHTML={{ __html: faq.answerHtml }} />
      </div>
    </div>
  );
}

export function FaqSearch({ faqs, initialQuery }: { faqs: FaqEntry[]; initialQuery: string }) {
  const t = useTranslations('content.faq');
  const id = useId();
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
      <form role="search" method="get" onSubmit={(e) => e.preventDefault()} className={styles.form}>
        <label htmlFor={`${id}-q`} className={styles.label}>
          {t('searchLabel')}
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          value={query}
          onChange={(e) => update(e.target.value)}
          autoComplete="off"
          maxLength={MAX_QUERY}
          aria-describedby={`${id}-help`}
          className={styles.input}
        />
        <p id={`${id}-help`} className={styles.help}>
          {t('searchHelp')}
        </p>
      </form>
      <p role="status" aria-live="polite" aria-atomic="true" data-testid="faq-count" className={styles.count}>
        {active ? t('results', { count: matches.length, query: query.trim() }) : t('total', { count: faqs.length })}
      </p>
      {active && matches.length === 0 && (
        <div className={styles.noMatch}>
          <p>{t('noMatch')}</p>
          <button type="button" className={styles.button} onClick={() => update('')}>
            {t('clear')}
          </button>
        </div>
      )}
      {groups.map((group, g) => {
        const Group = categorised ? 'section' : 'div';
        return (
          <Group key={group.category ?? ''} aria-labelledby={categorised ? `faq-group-${g}` : undefined} className={styles.group}>
            {categorised && (
              <h2 id={`faq-group-${g}`} className={styles.groupHeading}>
                {group.category ?? t('general')}
              </h2>
            )}
            {group.items.map((faq) => (
              <FaqItem key={`${faq.id}-${active}`} faq={faq} heading={categorised ? 'h3' : 'h2'} defaultExpanded={active} />
            ))}
          </Group>
        );
      })}
    </>
  );
}
