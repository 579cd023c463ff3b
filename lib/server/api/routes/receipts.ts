/**
 * An order's receipt as a PDF (issue 26 "Receipts as a PDF and an email"; spec §3 Transaction).
 * Mounted at /ll/api/v1/account. Thin: reads the path, asks lib/server/checkout/receipts, replies.
 *
 * - GET /orders/{publicId}/receipt → the PDF (`application/pdf`, `Content-Disposition: attachment;
 *   filename="receipt-R-000123.pdf"`, `Cache-Control: private, no-store`), drawn in the order's
 *   language, for the order's buyer or a federation admin (policy `account.view` on the order's
 *   login). 401 `unauthenticated` without a login; 404 `not_found` for anyone else, for an unknown
 *   or malformed order id, and for an order not paid yet (no receipt).
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { getReceiptPdf } from '../../checkout/receipts/get-receipt-pdf';
import { requestPrincipal, type PolicyVariables } from '../../policy';
import { ErrorSchema, validationHook } from '../errors';
import { json } from '../kit';
import { sessionUser, type SessionVariables } from '../session';

/** The receipts sub-app (mounted at /ll/api/v1/account). */
export function receiptRoutes() {
  const app = new OpenAPIHono<{ Variables: SessionVariables & PolicyVariables }>({ defaultHook: validationHook });
  app.use(sessionUser);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/orders/{publicId}/receipt',
      summary: 'The receipt of a paid order, as a PDF',
      description:
        'Issue 26 Receipts; spec §3 Transaction. The receipt (R-000123) of order `publicId` (its uuid) in the order’s language: the federation, the buyer, each line with its discount and taxes, subtotal, discount, each tax by code and rate, total, paid, refunded, and the federation’s tax registration numbers. For the order’s buyer or a federation admin; anyone else, an unknown order or an unpaid one (no receipt): 404 `not_found`.',
      request: { params: z.object({ publicId: z.string().max(64).openapi({ description: 'The order’s public id (uuid)' }) }) },
      responses: {
        200: { content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } }, description: 'The PDF (Content-Disposition: attachment; never cached)' },
        401: json(ErrorSchema, '`unauthenticated`: not logged in'),
        404: json(ErrorSchema, '`not_found`: no such order, not the caller’s, or not paid (no receipt)'),
      },
    }),
    async (c) => {
      const viewer = await requestPrincipal(c);
      const file = await getReceiptPdf(viewer, c.req.valid('param').publicId);
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        'Cache-Control': 'private, no-store',
      });
    },
  );
  return app;
}
