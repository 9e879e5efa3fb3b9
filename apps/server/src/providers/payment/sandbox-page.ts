import { formatToman } from '@vitrin/fa';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { escapeHtml, vazirmatnFontFace } from '../../lib/page-html';
import { SANDBOX_PAGE_PATH } from './sandbox-gateway';
import { sandboxPayments } from './sandbox-schema';

const CHOICES = { pay: 'paid', cancel: 'cancelled' } as const;

/**
 * The sandbox gateway's own page (decision 0011): what a bank page would show, and two buttons.
 * The choice is recorded once, then the person goes back to the callback URL with the query a
 * real gateway sends (`Authority`, `Status=OK|NOK`). Only served while the sandbox is the gateway.
 */
export async function sandboxPage(app: FastifyInstance) {
  const fontFace = vazirmatnFontFace(app.config.webDistDir);

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get<{ Params: { authority: string } }>(
    `${SANDBOX_PAGE_PATH}/:authority`,
    async (request, reply) => {
      const [payment] = await app.db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.authority, request.params.authority));
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!payment) {
        return reply
          .code(404)
          .send(
            page(
              fontFace,
              '<h1>تراکنش پیدا نشد</h1><p>این پرداخت در درگاه آزمایشی ثبت نشده است.</p>',
            ),
          );
      }
      if (payment.status !== 'open') {
        const back = callbackFor(payment.callbackUrl, payment.authority, payment.status === 'paid');
        return reply.send(
          page(
            fontFace,
            `<h1>این تراکنش پیش‌تر ${payment.status === 'paid' ? 'پرداخت' : 'لغو'} شده است</h1>
<p><a class="button" href="${escapeHtml(back)}">بازگشت به ویترین</a></p>`,
          ),
        );
      }
      const action = `${SANDBOX_PAGE_PATH}/${encodeURIComponent(payment.authority)}`;
      return reply.send(
        page(
          fontFace,
          `<p class="badge">درگاه آزمایشی: هیچ پولی جابه‌جا نمی‌شود</p>
<h1>پرداخت اینترنتی</h1>
<dl>
  <dt>پذیرنده</dt><dd>ویترین</dd>
  <dt>شرح</dt><dd>${escapeHtml(payment.description)}</dd>
  <dt>مبلغ</dt><dd class="amount">${escapeHtml(formatToman(payment.amountRial))}</dd>
</dl>
<form method="post" action="${escapeHtml(action)}">
  <button type="submit" name="choice" value="pay" class="pay">پرداخت موفق</button>
  <button type="submit" name="choice" value="cancel" class="cancel">انصراف از پرداخت</button>
</form>`,
        ),
      );
    },
  );

  app.post<{ Params: { authority: string }; Body: { choice?: string } }>(
    `${SANDBOX_PAGE_PATH}/:authority`,
    async (request, reply) => {
      const choice = request.body?.choice;
      if (choice !== 'pay' && choice !== 'cancel') {
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(page(fontFace, '<h1>انتخاب نامعتبر</h1>'));
      }
      // Only an open attempt takes a choice: pressing back and choosing again changes nothing.
      await app.db
        .update(sandboxPayments)
        .set({ status: CHOICES[choice] })
        .where(
          and(
            eq(sandboxPayments.authority, request.params.authority),
            eq(sandboxPayments.status, 'open'),
          ),
        );
      const [payment] = await app.db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.authority, request.params.authority));
      if (!payment) {
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(page(fontFace, '<h1>تراکنش پیدا نشد</h1>'));
      }
      return reply.redirect(
        callbackFor(payment.callbackUrl, payment.authority, payment.status === 'paid'),
        303,
      );
    },
  );
}

function callbackFor(callbackUrl: string, authority: string, paid: boolean): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('Authority', authority);
  url.searchParams.set('Status', paid ? 'OK' : 'NOK');
  return url.toString();
}

function page(fontFace: string, body: string): string {
  return `<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>درگاه پرداخت آزمایشی | ویترین</title>
<style>
${fontFace}
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef2f7;
    font-family: Vazirmatn, Tahoma, sans-serif; color: #1f2937; }
  main { width: min(420px, calc(100vw - 32px)); background: #fff; border-radius: 16px;
    padding: 28px 24px; box-shadow: 0 10px 30px rgb(15 23 42 / 10%); box-sizing: border-box; }
  h1 { font-size: 1.35rem; margin: 8px 0 20px; }
  .badge { display: inline-block; margin: 0; padding: 4px 10px; border-radius: 999px;
    background: #fef3c7; color: #92400e; font-size: .85rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 10px 16px; margin: 0 0 24px; }
  dt { color: #6b7280; } dd { margin: 0; overflow-wrap: anywhere; }
  .amount { font-weight: 800; font-size: 1.2rem; color: #0f766e; }
  form { display: grid; gap: 12px; }
  button, .button { font: inherit; font-size: 1rem; border: 0; border-radius: 10px; padding: 12px;
    cursor: pointer; text-align: center; text-decoration: none; display: block; }
  .pay, .button { background: #0f766e; color: #fff; }
  .cancel { background: #f3f4f6; color: #b91c1c; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}
