/** `lazyResolver` and `preloadOn` (lib/forms/lazy-resolver.ts; issue 23: zod loaded when a form first validates). */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { changePasswordInput, loginInput, profileUpdateInput } from '@/lib/contracts/account';
import { contactFormInput } from '@/lib/contracts/contact';
import { tracksideSearchForm } from '@/lib/contracts/trackside';
import { lazyResolver, preloadOn } from './lazy-resolver';

/** What react-hook-form hands a resolver on submit (no native validation, first error per field). */
function options<T extends FieldValues>(names?: string[]): ResolverOptions<T> {
  return { fields: {}, names: names as ResolverOptions<T>['names'], shouldUseNativeValidation: false, criteriaMode: 'firstError' };
}

describe('lazyResolver', () => {
  it('imports once, however many validations and preloads there are', async () => {
    // As `() => import('./schemas').then((m) => m.loginResolver)` would, counted.
    const load = vi.fn(async () => zodResolver(loginInput));
    const lazy = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    await Promise.all([lazy({ email: 'a@b.ca', password: 'x' }, undefined, options()), lazy({ email: '', password: '' }, undefined, options())]);
    await lazy({ email: 'a@b.ca', password: 'x' }, undefined, options());
    await lazy.preload();
    preloadOn(lazy).onFocusCapture();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['login, valid', loginInput, { email: ' Rider@Example.CA ', password: 'secret' }],
    ['login, invalid', loginInput, { email: '', password: '' }],
    ['login, control character', loginInput, { email: 'a\u0000@b.ca', password: 'x'.repeat(300) }],
    ['change password, valid', changePasswordInput, { currentPassword: 'old pass 1', newPassword: 'new pass 2', newPasswordConfirmation: 'new pass 2' }],
    ['change password, invalid', changePasswordInput, { currentPassword: 'same pass 1', newPassword: 'same pass 1', newPasswordConfirmation: 'other' }],
    ['contact, valid', contactFormInput, { name: 'Léa', email: 'LEA@example.com', message: 'Hello, when is the next race?' }],
    ['contact, invalid', contactFormInput, { name: 'L', email: 'lea@', message: 'short' }],
    ['trackside, valid', tracksideSearchForm, { type: 'racerIdentifier', criterion: 'Chloé' }],
    ['trackside, invalid', tracksideSearchForm, { type: 'state', criterion: '<x>' }],
    [
      'profile, invalid',
      profileUpdateInput,
      {
        phone: '5145551234',
        address: { address: '1', country: 'ca', state: '', city: 'Montréal', zip: 'h2x 1y4', area: '', updateId: 3 },
        emergencyContact: { firstName: 'Ann', lastName: '', phone: '', cell: '', email: '' },
        licence: '',
      },
    ],
  ] as const)('gives what the direct zodResolver gives: %s', async (name, schema, values) => {
    const direct = zodResolver(schema as never) as unknown as Resolver<FieldValues>;
    const lazy = lazyResolver(async () => zodResolver(schema as never) as unknown as Resolver<FieldValues>);
    for (const names of [undefined, ['email']]) {
      const expected = await direct({ ...values }, undefined, options(names));
      const got = await lazy({ ...values }, undefined, options(names));
      expect(got).toEqual(expected);
      // The cases are what they say: a valid one passes, the others carry field errors.
      expect(Object.keys(got.errors).length > 0).toBe(!name.endsWith(', valid'));
    }
  });

  it('reports the same issue codes as messages (valid values give the schema output, invalid ones the codes)', async () => {
    const lazy = lazyResolver(async () => zodResolver(loginInput));
    const ok = await lazy({ email: ' Rider@Example.CA ', password: 'secret' }, undefined, options());
    expect(ok).toEqual({ errors: {}, values: { email: 'rider@example.ca', password: 'secret' } });
    const bad = await lazy({ email: '', password: '' }, undefined, options());
    expect(bad.values).toEqual({});
    expect(bad.errors.email?.message).toBe('null_email');
    expect(bad.errors.password?.message).toBe('null_password');
  });

  it('passes values, context and options through to the real resolver', async () => {
    const real = vi.fn<Resolver<{ a: string }, { ctx: number }>>(async (values) => ({ values, errors: {} }));
    const lazy = lazyResolver(async () => real);
    const opts = options<{ a: string }>(['a']);
    await lazy({ a: 'x' }, { ctx: 1 }, opts);
    expect(real).toHaveBeenCalledWith({ a: 'x' }, { ctx: 1 }, opts);
  });

  it('preload starts the import before the first validation, which then does not import again', async () => {
    let release!: (r: Resolver<{ email: string; password: string }>) => void;
    const load = vi.fn(() => new Promise<Resolver<{ email: string; password: string }>>((resolve) => (release = resolve)));
    const lazy = lazyResolver(load);
    const { onFocusCapture, onPointerDownCapture } = preloadOn(lazy);
    onFocusCapture();
    onPointerDownCapture();
    expect(load).toHaveBeenCalledTimes(1);
    const pending = lazy({ email: '', password: '' }, undefined, options());
    release(zodResolver(loginInput));
    const result = await pending;
    expect(result.errors.email?.message).toBe('null_email');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preloadOn starts every resolver given', () => {
    const a = lazyResolver(vi.fn(async () => zodResolver(loginInput)));
    const b = { preload: vi.fn(async () => undefined) };
    const spy = vi.spyOn(a, 'preload');
    preloadOn(a, b).onPointerDownCapture();
    expect(spy).toHaveBeenCalledTimes(1);
    expect(b.preload).toHaveBeenCalledTimes(1);
  });

  it('a failed import passes that validation through to the server, is not kept, and the next use imports again', async () => {
    const load = vi
      .fn<() => Promise<Resolver<{ email: string; password: string }>>>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue(zodResolver(loginInput));
    const lazy = lazyResolver(load);
    // A preload nobody awaits fails silently (no unhandled rejection).
    preloadOn(lazy).onFocusCapture();
    const unchecked = await lazy({ email: 'a@b', password: 'x' }, undefined, options());
    expect(unchecked).toEqual({ values: { email: 'a@b', password: 'x' }, errors: {} });
    const result = await lazy({ email: '', password: '' }, undefined, options());
    expect(result.errors.email?.message).toBe('null_email');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
