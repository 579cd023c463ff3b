/** pickMessages (issue 23): a page's client components get only the groups they read. */
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import { pickMessages } from './pick-messages';

describe('pickMessages', () => {
  it('keeps the named groups and dotted paths, nothing else', () => {
    const messages = { shell: { menu: 'Menu' }, account: { header: { login: 'Log in' }, profile: { name: 'Name' } }, meta: { siteName: 'FMQR' } };
    expect(pickMessages(messages, ['shell', 'account.header'])).toEqual({ shell: { menu: 'Menu' }, account: { header: { login: 'Log in' } } });
  });

  it('merges two paths into the same group and skips a missing one', () => {
    const messages = { account: { header: { login: 'Log in' }, family: { title: 'Family' } } };
    expect(pickMessages(messages, ['account.header', 'account.family', 'account.nope', 'nope'])).toEqual(messages);
  });

  it('the shell’s groups of the real catalogue are a small part of it', () => {
    const shell = pickMessages(en, ['shell', 'common', 'errors', 'account.header', 'trackside.offline']);
    expect(Object.keys(shell).sort()).toEqual(['account', 'common', 'errors', 'shell', 'trackside']);
    expect(JSON.stringify(shell).length).toBeLessThan(JSON.stringify(en).length / 10);
  });
});
