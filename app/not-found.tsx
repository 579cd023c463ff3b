/** Fallback 404 for paths outside any locale segment (English, the default language). */
import en from '@/messages/en.json';

export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }}>
        <h1>{en.errors.notFound}</h1>
        <p>
          <a href="/ll">{en.errors.backHome}</a>
        </p>
      </body>
    </html>
  );
}
