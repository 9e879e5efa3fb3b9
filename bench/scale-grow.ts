import pg from 'pg';

// Grows a demo-seeded PostgreSQL database to a multiple of "1×" with set-based SQL
// (generate_series, INSERT … SELECT), for the scale bench (scale.ts). Each call adds the rows
// between the size it is at and the size asked for, so 1× → 10× → 100× is one database grown
// twice. Rows are consistent with the app's rules: every paid order has its payment, a line per
// service and a sales invoice; every wallet's balance is the sum of its ledger, each ledger row's
// balance-after its running sum; tickets have messages and the status their messages say.

/** The rows one "1×" adds; 100× is 100,000 customers, 1,000,000 orders and so on. */
export const UNIT = {
  customers: 1_000,
  orders: 10_000,
  products: 1_000,
  tickets: 1_000,
  messagesPerTicket: 10,
  liveVisits: 100_000,
  auditEntries: 1_000,
} as const;

/** One order, ticket and visit in a hundred is the demo customer's: the busiest customer. */
const BUSIEST_SHARE = 100;
/** Orders go in batches so no statement holds millions of rows in one CTE. */
const ORDER_BATCH = 50_000;
const VISIT_BATCH = 500_000;
/** Mobiles of grown customers: +98990 and seven digits (the E.164 check of users). */
const MOBILE_PREFIX = '+98990';
/** Data spreads from here to now: five years of a shop. */
const HISTORY_START = "timestamptz '2021-11-27 00:00:00+00'";
const DEMO_CUSTOMER_MOBILE = '+989121234567';
/** Enough wallet credit for every checkout the bench places as the demo customer. */
const BUSIEST_CREDIT_RIAL = 900_000_000_000;

export interface GrowthStep {
  table: string;
  rows: number;
  ms: number;
}

async function timed(
  client: pg.Client,
  steps: GrowthStep[],
  table: string,
  statement: string,
  values: unknown[] = [],
): Promise<number> {
  const started = performance.now();
  const result = await client.query(statement, values);
  const rows = result.rowCount ?? 0;
  const last = steps.find((step) => step.table === table);
  const ms = Math.round(performance.now() - started);
  if (last) {
    last.rows += rows;
    last.ms += ms;
  } else steps.push({ table, rows, ms });
  return rows;
}

/** Lookup tables the growth reads: demo ids by role, products with their group, customers by n. */
async function prepare(client: pg.Client): Promise<void> {
  await client.query(`
    create table if not exists scale_ref as
      select
        (select id from users where mobile = '${DEMO_CUSTOMER_MOBILE}') as busiest_id,
        (select id from users where role = 'admin' order by created_at, id limit 1) as admin_id,
        (select id from users where role = 'support' order by created_at, id limit 1) as support_id,
        (select buyer from orders o join users u on u.id = o.user_id
          where u.mobile = '${DEMO_CUSTOMER_MOBILE}' limit 1) as busiest_buyer,
        (select seller from billing_documents where kind = 'sales' limit 1) as seller,
        (select icon_url from products order by slug limit 1) as icon_url`);
  // The demo's products sell; grown ones are the long tail of the catalog.
  await client.query(`
    create table if not exists scale_sold as
      select (row_number() over (order by p.slug))::int - 1 as k, p.id, p.slug, p.name,
        g.name as group_name, p.needs_domain
      from products p join product_groups g on g.id = p.group_id
      where p.slug not like 'scale-%'`);
}

async function refreshCustomers(client: pg.Client): Promise<number> {
  await client.query('drop table if exists scale_customers');
  await client.query(`
    create table scale_customers as
      select (row_number() over (order by mobile))::int - 1 as k, id, first_name, last_name, email
      from users where mobile like '${MOBILE_PREFIX}%'`);
  await client.query('create unique index on scale_customers (k)');
  const { rows } = await client.query<{ count: string }>('select count(*) from scale_customers');
  return Number(rows[0]?.count ?? 0);
}

/** Adds rows so the database holds `to`× of everything (it holds `from`× now). */
export async function growDatabase(url: string, from: number, to: number): Promise<GrowthStep[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const steps: GrowthStep[] = [];
  try {
    await client.query(
      "set statement_timeout = 0; set synchronous_commit = off; set work_mem = '64MB'",
    );
    await prepare(client);
    await growCustomers(client, steps, from, to);
    const customers = await refreshCustomers(client);
    await growProducts(client, steps, from, to);
    const sold = Number(
      (await client.query<{ count: string }>('select count(*) from scale_sold')).rows[0]?.count,
    );
    for (let start = from * UNIT.orders; start < to * UNIT.orders; start += ORDER_BATCH) {
      const end = Math.min(to * UNIT.orders, start + ORDER_BATCH);
      await growOrders(client, steps, start, end, customers, sold);
    }
    await settleWallets(client, steps, from === 0);
    await growTickets(client, steps, from, to, customers);
    for (let start = from * UNIT.liveVisits; start < to * UNIT.liveVisits; start += VISIT_BATCH) {
      const end = Math.min(to * UNIT.liveVisits, start + VISIT_BATCH);
      await growVisits(client, steps, start, end, customers);
    }
    await growAudit(client, steps, from, to, customers);
    await timed(client, steps, 'document_counters', RAISE_DOCUMENT_COUNTERS);
    await timed(client, steps, 'vacuum analyze', 'vacuum analyze');
  } finally {
    await client.end();
  }
  return steps;
}

async function growCustomers(client: pg.Client, steps: GrowthStep[], from: number, to: number) {
  // Names from short lists, so searches by name find many; one in 200 locked.
  await timed(
    client,
    steps,
    'users',
    `insert into users (mobile, first_name, last_name, email, role, mobile_verified_at,
        locked_at, locked_reason, created_at, updated_at)
      select '${MOBILE_PREFIX}' || lpad(n::text, 7, '0'),
        (array['علی','مریم','رضا','زهرا','حسین','فاطمه','محمد','نرگس','امیر','لیلا'])[1 + n % 10],
        (array['احمدی','کریمی','حسینی','رضایی','موسوی','جعفری','صادقی','نوری','رحیمی','کاظمی'])[1 + (n / 10) % 10],
        case when n % 3 = 0 then null else 'customer' || n || '@example.com' end,
        'customer', at, case when n % 200 = 0 then at + interval '30 days' end,
        case when n % 200 = 0 then 'پرداخت‌های مشکوک' end, at, at
      from (select n, ${HISTORY_START} + (now() - ${HISTORY_START}) * (n::float8 / $2) as at
        from generate_series($1::int, $2::int - 1) n) s`,
    [from * UNIT.customers, to * UNIT.customers],
  );
}

async function growProducts(client: pg.Client, steps: GrowthStep[], from: number, to: number) {
  await timed(
    client,
    steps,
    'products',
    `insert into products (group_id, slug, name, summary, description, icon_url, status,
        popularity, sort_order, search_text, created_at, updated_at)
      select (select id from product_groups order by sort_order, id offset n % 6 limit 1),
        'scale-' || n, 'محصول آزمایشی ' || n, 'خلاصهٔ محصول ' || n, 'توضیح محصول ' || n,
        (select icon_url from scale_ref), case when n % 10 = 0 then 'hidden' else 'active' end,
        n % 500, 1000 + n, 'محصول آزمایشی ' || n,
        ${HISTORY_START} + (now() - ${HISTORY_START}) * random(), now()
      from generate_series($1::int, $2::int - 1) n`,
    [from * UNIT.products, to * UNIT.products],
  );
  await timed(
    client,
    steps,
    'product_prices',
    `insert into product_prices (product_id, cycle, price_rial)
      select id, cycle, (1 + (substr(slug, 7)::int % 40)) * 500000 * mult
      from products, (values ('monthly', 1), ('annual', 10)) c(cycle, mult)
      where slug like 'scale-%' and substr(slug, 7)::int >= $1`,
    [from * UNIT.products],
  );
}

/**
 * Orders `start`…`end - 1` with their line, payments, service, invoice and wallet rows, in one
 * statement: data-modifying CTEs hand each order's id to the rows that belong to it.
 */
async function growOrders(
  client: pg.Client,
  steps: GrowthStep[],
  start: number,
  end: number,
  customers: number,
  sold: number,
) {
  // Status by share: 70 % paid, 10 % cancelled, 17 % expired, 2 % refunded, 1 % pending (placed
  // in the last day, still open). Amounts: a price, 10 % VAT. Paid by gateway, or one in fifty
  // by a card-to-card transfer staff confirmed; a pending order has a waiting claim every third.
  await client.query('drop table if exists scale_new_orders');
  await client.query(
    `create temp table scale_new_orders as
      select n,
        case when n % ${BUSIEST_SHARE} = 0 then (select busiest_id from scale_ref)
          else (select id from scale_customers where scale_customers.k = (n::bigint * 7919) % $3) end as user_id,
        status, placed_at, price, price / 10 as vat
      from (
        select n,
          case when r < 0.70 then 'paid' when r < 0.80 then 'cancelled' when r < 0.97 then 'expired'
            when r < 0.99 then 'refunded' else 'pending' end as status,
          case when r >= 0.99 then now() - interval '1 day' * random()
            else ${HISTORY_START} + (now() - interval '1 day' - ${HISTORY_START}) * random() end as placed_at,
          (1 + (n % 40)) * 1000000::bigint as price
        from (select n, random() as r from generate_series($1::int, $2::int - 1) n) s
      ) t`,
    [start, end, customers],
  );
  await timed(
    client,
    steps,
    'orders, lines, payments, services, invoices',
    `with new_orders as (
        insert into orders (user_id, status, subtotal_rial, vat_rial, total_rial,
          wallet_applied_rial, gateway_paid_rial, buyer, created_at, expires_at, paid_at,
          closed_at, refunded_at, refunded_rial)
        select s.user_id, s.status, s.price, s.vat, s.price + s.vat, 0,
          case when s.status in ('paid', 'refunded') then s.price + s.vat else 0 end,
          case when s.user_id = (select busiest_id from scale_ref) then (select busiest_buyer from scale_ref)
            else jsonb_build_object('kind', 'person', 'fullName', c.first_name || ' ' || c.last_name,
              'email', coalesce(c.email, 'n' || s.n || '@example.com'), 'nationalId', null,
              'companyName', null) end,
          s.placed_at, s.placed_at + interval '1 day',
          case when s.status in ('paid', 'refunded') then s.placed_at + interval '3 minutes' end,
          case when s.status in ('cancelled', 'expired') then s.placed_at + interval '1 day' end,
          case when s.status = 'refunded' then s.placed_at + interval '9 days' end,
          case when s.status = 'refunded' then s.price + s.vat else 0 end
        from scale_new_orders s left join scale_customers c on c.id = s.user_id
        order by s.placed_at
        returning id, number, user_id, status, subtotal_rial, vat_rial, total_rial, created_at,
          paid_at, refunded_at, buyer
      ),
      picked as (
        select o.*, p.id as product_id, p.slug, p.name, p.group_name, p.needs_domain
        from new_orders o join scale_sold p on p.k = o.number % ${sold}
      ),
      lines as (
        insert into order_lines (order_id, position, product_id, product_slug, product_name,
          group_name, cycle, domain_name, price_rial, setup_fee_rial, theme_price_rial,
          discount_rial, total_rial, vat_rate_bp, vat_rial)
        select id, 1, product_id, slug, name, group_name, 'annual',
          case when needs_domain then 'shop' || number || '.ir' end,
          subtotal_rial, 0, 0, 0, subtotal_rial, 1000, vat_rial
        from picked
        returning id, order_id, product_id, product_name, domain_name
      ),
      paid_payments as (
        insert into payments (user_id, purpose, order_id, amount_rial, gateway, authority, status,
          reference_id, card_pan, created_at, settled_at, transfer_reference, transferred_at,
          card_last4, reviewed_by, reviewed_at)
        select user_id, 'order', id, total_rial,
          case when number % 50 = 0 then 'card-to-card' else 'sandbox' end,
          case when number % 50 = 0 then null else 'SSCALE' || number end, 'paid',
          case when number % 50 = 0 then null else 'R' || number end,
          case when number % 50 = 0 then null else '603799******' || lpad((number % 10000)::text, 4, '0') end,
          paid_at - interval '2 minutes', paid_at,
          case when number % 50 = 0 then 'T' || number end,
          case when number % 50 = 0 then paid_at - interval '1 hour' end,
          case when number % 50 = 0 then lpad((number % 10000)::text, 4, '0') end,
          case when number % 50 = 0 then (select admin_id from scale_ref) end,
          case when number % 50 = 0 then paid_at end
        from new_orders where status in ('paid', 'refunded')
        returning id
      ),
      other_payments as (
        insert into payments (user_id, purpose, order_id, amount_rial, gateway, authority, status,
          failure_reason, created_at, settled_at, transfer_reference, transferred_at, card_last4)
        select user_id, 'order', id, total_rial,
          case when status = 'pending' then 'card-to-card' else 'sandbox' end,
          case when status = 'pending' then null else 'FSCALE' || number end,
          case when status = 'pending' then 'pending' else 'failed' end,
          case when status = 'pending' then null else 'پرداخت از سوی خریدار لغو شد' end,
          created_at + interval '1 minute',
          case when status = 'pending' then null else created_at + interval '5 minutes' end,
          case when status = 'pending' then 'P' || number end,
          case when status = 'pending' then created_at + interval '2 minutes' end,
          case when status = 'pending' then '4321' end
        from new_orders
        where (status = 'pending' and number % 3 = 0) or (status in ('cancelled', 'expired') and number % 2 = 0)
        returning id
      ),
      new_services as (
        insert into services (user_id, name, status, product_id, order_id, order_line_id, cycle,
          domain_name, starts_at, expires_at, created_at, status_changed_at, suspension)
        select o.user_id, l.product_name || coalesce(' (' || l.domain_name || ')', ''),
          case when o.status = 'refunded' then 'cancelled'
            when o.paid_at + interval '1 year' > now() then
              case when o.number % 20 = 0 then 'suspended' else 'active' end
            when o.number % 5 = 0 then 'cancelled' else 'terminated' end,
          l.product_id, o.id, l.id, 'annual', l.domain_name, o.paid_at,
          o.paid_at + interval '1 year', o.paid_at,
          least(now(), o.paid_at + case when o.paid_at + interval '1 year' > now() then interval '0 days' else interval '1 year 37 days' end),
          case when o.status = 'paid' and o.paid_at + interval '1 year' > now() and o.number % 20 = 0 then 'staff' end
        from new_orders o join lines l on l.order_id = o.id
        where o.status in ('paid', 'refunded')
        returning id
      ),
      invoices as (
        insert into billing_documents (kind, series, jalali_year, sequence, number, user_id,
          order_id, order_number, issued_at, seller, buyer, lines, gross_rial, discount_rial, net_rial, vat_rial,
          total_rial, created_at)
        select 'sales', 'S', y, 100000 + number, 'S' || y || '-' || (100000 + number), user_id, id,
          number, paid_at, (select seller from scale_ref),
          jsonb_build_object('kind', 'person', 'name', buyer->>'fullName', 'email', buyer->>'email',
            'nationalCode', buyer->>'nationalId', 'nationalId', null, 'economicNumber', null,
            'registrationNumber', null, 'address', null, 'postalCode', null),
          jsonb_build_array(jsonb_build_object('position', 1, 'description', 'خدمت سالانه',
            'quantity', 1, 'unitPriceRial', subtotal_rial, 'grossRial', subtotal_rial,
            'discountRial', 0, 'netRial', subtotal_rial, 'vatRatePercent', 10, 'vatRial', vat_rial,
            'totalRial', subtotal_rial + vat_rial)),
          subtotal_rial, 0, subtotal_rial, vat_rial, subtotal_rial + vat_rial, paid_at
        from (select *, (extract(year from paid_at at time zone 'Asia/Tehran') - 621)::int as y
          from new_orders where status in ('paid', 'refunded')) p
        returning id
      ),
      refunds as (
        insert into wallet_transactions (user_id, amount_rial, reason, description, order_id,
          balance_after_rial, created_at)
        select user_id, total_rial, 'refund', 'بازگشت وجه سفارش ' || number, id, 0, refunded_at
        from new_orders where status = 'refunded'
        returning id
      ),
      top_ups as (
        insert into payments (user_id, purpose, amount_rial, gateway, authority, status,
          reference_id, created_at, settled_at)
        select user_id, 'top-up', 5000000 * (1 + number % 9), 'sandbox', 'TSCALE' || number, 'paid',
          'RT' || number, created_at - interval '1 day', created_at - interval '1 day' + interval '2 minutes'
        from new_orders where number % 5 = 0
        returning id, user_id, amount_rial, settled_at
      ),
      top_up_rows as (
        insert into wallet_transactions (user_id, amount_rial, reason, description, payment_id,
          balance_after_rial, created_at)
        select user_id, amount_rial, 'top-up', 'افزایش اعتبار کیف پول', id, 0, settled_at
        from top_ups
        returning id
      )
      select 1 from new_orders`,
  );
}

/** Each grown ledger row's balance-after is its running sum, and each wallet its ledger's sum. */
async function settleWallets(client: pg.Client, steps: GrowthStep[], first: boolean) {
  if (first) {
    await timed(
      client,
      steps,
      'wallet_transactions',
      `insert into wallet_transactions (user_id, amount_rial, reason, description,
          balance_after_rial, created_at)
        select busiest_id, ${BUSIEST_CREDIT_RIAL}, 'adjustment', 'اعتبار آزمون کارایی', 0, now()
        from scale_ref`,
    );
  }
  await timed(
    client,
    steps,
    'wallet_transactions (running balance)',
    `update wallet_transactions w set balance_after_rial = s.running
      from (select id, sum(amount_rial) over (partition by user_id order by created_at, id) as running
        from wallet_transactions) s
      where s.id = w.id and w.balance_after_rial is distinct from s.running`,
  );
  await timed(
    client,
    steps,
    'wallets',
    `insert into wallets (user_id, balance_rial, updated_at)
      select user_id, sum(amount_rial), max(created_at) from wallet_transactions group by user_id
      on conflict (user_id) do update set balance_rial = excluded.balance_rial
        where wallets.balance_rial is distinct from excluded.balance_rial`,
  );
}

async function growTickets(
  client: pg.Client,
  steps: GrowthStep[],
  from: number,
  to: number,
  customers: number,
) {
  // 80 % closed, 10 % answered (staff spoke last), 5 % open, 5 % customer-reply; messages
  // alternate customer and staff an hour apart, one staff message in ten an internal note.
  await timed(
    client,
    steps,
    'tickets, ticket_messages',
    `with spec as (
        select n,
          case when n % ${BUSIEST_SHARE} = 0 then (select busiest_id from scale_ref)
            else (select id from scale_customers c where c.k = (n::bigint * 104729) % $3) end as user_id,
          case when n % 20 < 16 then 'closed' when n % 20 < 18 then 'answered'
            when n % 20 = 18 then 'open' else 'customer-reply' end as status,
          ${HISTORY_START} + (now() - interval '2 days' - ${HISTORY_START}) * random() as opened_at
        from generate_series($1::int, $2::int - 1) n
      ),
      shaped as (
        select *, case when status in ('open', 'customer-reply') then ${UNIT.messagesPerTicket} - 1
          else ${UNIT.messagesPerTicket} end as message_count from spec
      ),
      new_tickets as (
        insert into tickets (user_id, subject, department, priority, status, assigned_to,
          created_at, last_message_at, customer_read_at, closed_at, closed_by)
        select user_id, 'مشکل در سرویس شمارهٔ ' || n,
          (array['sales','technical','billing'])[1 + n % 3],
          (array['low','normal','normal','high'])[1 + n % 4], status,
          case n % 3 when 0 then (select admin_id from scale_ref) when 1 then (select support_id from scale_ref) end,
          opened_at, opened_at + (message_count - 1) * interval '1 hour',
          opened_at + (message_count - 1) * interval '1 hour',
          case when status = 'closed' then opened_at + message_count * interval '1 hour' end,
          case when status = 'closed' then (array['customer','staff','system'])[1 + n % 3] end
        from shaped
        order by opened_at
        returning id, user_id, assigned_to, created_at, status
      )
      insert into ticket_messages (ticket_id, author_id, author_role, body, internal, created_at)
      select t.id,
        case when m % 2 = 0 then t.user_id else coalesce(t.assigned_to, (select support_id from scale_ref)) end,
        case when m % 2 = 0 then 'customer' else 'staff' end,
        case when m % 2 = 0 then 'سلام، سایت من باز نمی‌شود. لطفاً بررسی کنید.'
          else 'سلام، بررسی شد و مشکل برطرف شد.' end,
        m = 5, t.created_at + m * interval '1 hour'
      from new_tickets t,
        generate_series(0, case when t.status in ('open', 'customer-reply') then ${UNIT.messagesPerTicket} - 2
          else ${UNIT.messagesPerTicket} - 1 end) m`,
    [from * UNIT.tickets, to * UNIT.tickets, customers],
  );
}

async function growVisits(
  client: pg.Client,
  steps: GrowthStep[],
  start: number,
  end: number,
  customers: number,
) {
  // The last 30 days (what the app keeps), one in a hundred on the demo customer's shop; the
  // rest over one domain per customer. Each visitor comes three times.
  await timed(
    client,
    steps,
    'live_visits',
    `insert into live_visits (domain_name, kw_client_id, kind, path, title, referrer, visited_at)
      select case when n % ${BUSIEST_SHARE} = 0 then 'sara-gallery.ir'
          else 'shop' || ((n * 7) % $3) || '.ir' end,
        'v' || (n / case when n % ${BUSIEST_SHARE} = 0 then ${BUSIEST_SHARE * 3} else $3 * 3 end), case when n % 3 = 0 then 'new' else 'returning' end,
        (array['/','/products','/products/1','/about','/cart'])[1 + n % 5],
        (array['خانه','محصولات','محصول','درباره ما','سبد خرید'])[1 + n % 5],
        case when n % 4 = 0 then 'https://www.google.com/' else '' end,
        now() - interval '30 days' * random()
      from generate_series($1::int, $2::int - 1) n`,
    [start, end, Math.max(customers, 1)],
  );
  await timed(
    client,
    steps,
    'live_visitors',
    `insert into live_visitors (domain_name, kw_client_id, first_seen_at, last_visit_at)
      select domain_name, kw_client_id, min(visited_at), max(visited_at)
      from live_visits where id > (select coalesce(max(id), 0) from live_visits) - ($2::int - $1::int)
      group by domain_name, kw_client_id
      on conflict (domain_name, kw_client_id) do update
        set first_seen_at = least(live_visitors.first_seen_at, excluded.first_seen_at),
          last_visit_at = greatest(live_visitors.last_visit_at, excluded.last_visit_at)`,
    [start, end],
  );
}

async function growAudit(
  client: pg.Client,
  steps: GrowthStep[],
  from: number,
  to: number,
  customers: number,
) {
  await timed(
    client,
    steps,
    'audit_log',
    `insert into audit_log (actor_id, action, entity_type, entity_id, before, after, reason,
        ip_address, created_at)
      select case when n % 2 = 0 then (select admin_id from scale_ref) else (select support_id from scale_ref) end,
        (array['customer.lock','order.refund','product.update','ticket.assign','customer.credit'])[1 + n % 5],
        (array['user','order','product','ticket','user'])[1 + n % 5],
        coalesce((select id::text from scale_customers c where c.k = (n::bigint * 13) % $3), n::text),
        jsonb_build_object('status', 'active'), jsonb_build_object('status', 'changed'),
        case when n % 5 in (0, 4) then 'درخواست مشتری' end, '203.0.113.' || (n % 250),
        ${HISTORY_START} + (now() - ${HISTORY_START}) * random()
      from generate_series($1::int, $2::int - 1) n`,
    [from * UNIT.auditEntries, to * UNIT.auditEntries, Math.max(customers, 1)],
  );
}

/** A sales invoice issued after the bench's own numbers must not take one of them. */
const RAISE_DOCUMENT_COUNTERS = `
  insert into document_counters (series, jalali_year, last_sequence)
    select series, jalali_year, max(sequence) from billing_documents group by 1, 2
  on conflict (series, jalali_year) do update
    set last_sequence = greatest(document_counters.last_sequence, excluded.last_sequence)`;
