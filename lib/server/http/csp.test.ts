import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, newNonce } from './csp';

const sha = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
const scriptSrc = (policy: string) => policy.split('; ').find((d) => d.startsWith('script-src '))!;

describe('the pages’ Content-Security-Policy (issue 29)', () => {
  it('lets scripts run from the site, by nonce or by hash, never inline by default nor eval', () => {
    const byNonce = contentSecurityPolicy({ nonce: 'abc123==' });
    expect(scriptSrc(byNonce)).toBe("script-src 'self' 'nonce-abc123==' 'wasm-unsafe-eval' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/");
    const byHash = contentSecurityPolicy({ hashes: ['sha256-AAA', 'sha256-BBB'] });
    expect(scriptSrc(byHash)).toBe("script-src 'self' 'sha256-AAA' 'sha256-BBB' 'wasm-unsafe-eval' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/");
    for (const policy of [byNonce, byHash]) {
      expect(scriptSrc(policy)).not.toMatch(/unsafe-inline|'unsafe-eval'/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("media-src 'self' blob:");
      // The event page's map and the contact form's reCAPTCHA frames, nothing else framed.
      expect(policy).toContain('frame-src https://www.google.com/maps/embed/ https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/');
    }
  });

  it('hashes each inline script as a browser does (its text between the tags, UTF-8), once each', () => {
    const html = [
      '<html><head><script src="/ll/_next/static/chunks/a.js" async=""></script>',
      '<script nonce="xyz">(self.__next_f=self.__next_f||[]).push([0])</script>',
      '<script>self.__next_f.push([1,"Équipe \\u003c"])</script>',
      '<script>self.__next_f.push([1,"Équipe \\u003c"])</script>',
      '<script type="application/ld+json">{"@type":"Event"}</script>',
      '<SCRIPT type="module">import("/x.js")</SCRIPT></head></html>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('(self.__next_f=self.__next_f||[]).push([0])'), sha('self.__next_f.push([1,"Équipe \\u003c"])'), sha('import("/x.js")')]);
    expect(inlineScriptHashes('<p>no script</p>')).toEqual([]);
  });

  it('makes a new nonce each time', () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(a);
  });
});
