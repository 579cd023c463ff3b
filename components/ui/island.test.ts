/**
 * Islands as the server writes them (components/ui/island.tsx; issue 23): the component's HTML
 * in place, inside the wrapper and the Activity boundary's markers the browser hydrates later,
 * even after a page shell larger than React's 12.8 KB streaming chunk (past which a completed
 * Suspense boundary is sent out of line, behind a script: a visitor without JavaScript would
 * not see the form). Behaviour in a browser (the code fetched on first interaction, what was
 * typed and pressed meanwhile kept) is e2e/islands.spec.ts.
 */
import { createElement as h, Suspense } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { island } from './island';

const Form = ({ label }: { label: string }) => h('form', { method: 'post' }, h('input', { name: 'email', 'aria-label': label }));
const FormIsland = island<{ label: string }>(() => Promise.resolve(Form), Form);

/** The whole HTML of `element` with a 20 KB paragraph before it (a page's shell). */
async function page(element: ReturnType<typeof h>): Promise<string> {
  const stream = await renderToReadableStream(h('main', null, h('p', null, 'x'.repeat(20_000)), element));
  await stream.allReady;
  return new Response(stream).text();
}

describe('island on the server', () => {
  it('writes the component in place, inside its wrapper and an Activity boundary', async () => {
    const html = await page(h(FormIsland, { label: 'Email' }));
    expect(html).toContain('<div data-island="" style="display:contents"><!--&--><form method="post"><input aria-label="Email" name="email"/></form><!--/&--></div>');
    expect(html).not.toContain('<template');
  });

  it('where a Suspense boundary of the same content would be sent out of line (why islands use Activity)', async () => {
    const big = h('form', { method: 'post' }, h('input', { name: 'email', 'aria-label': 'y'.repeat(600) }));
    const html = await page(h(Suspense, { fallback: null }, big));
    expect(html).toContain('<template id="B:0"></template>');
    expect(html).toContain('<div hidden id="S:0">');
  });
});
