// Simulated visitors for the live panel demo (issue 7): connects as the tracker on a customer's
// site does, with that site's Origin, and visits pages, so a newcomer signed in as the demo
// customer sees the counters move and the «کاربر جدید» / «بازدید دوباره» toasts without
// publishing a website. A development tool only: it never runs in production or in tests.
//
//   npm run demo:visitors                                  # sara-gallery.ir, where npm start serves
//   PORT=4000 npm run demo:visitors                        # …the same PORT/HOST/PUBLIC_URL as it
//   npm run demo:visitors -- --url http://localhost:3000 --domain sara-blog.com --visitors 5
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { localServerUrl } from './server-url.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: localServerUrl(process.env) },
    domain: { type: 'string', default: 'sara-gallery.ir' },
    visitors: { type: 'string', default: '4' },
    'every-ms': { type: 'string', default: '4000' },
  },
});

const pages = [
  ['/', 'صفحهٔ اول'],
  ['/shop', 'فروشگاه'],
  ['/gallery/autumn', 'مجموعهٔ پاییز'],
  ['/about', 'دربارهٔ ما'],
  ['/contact', 'تماس'],
];
const browserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const returningIds = [];
const newId = () => randomBytes(16).toString('base64url').slice(0, 22);
const pick = (items) => items[Math.floor(Math.random() * items.length)];

/** One visitor: a tab open for a while, a few pages, then closed. */
function visitor() {
  const returning = returningIds.length > 0 && Math.random() < 0.4;
  const kwClientId = returning ? pick(returningIds) : newId();
  const socket = io(`${values.url}/tracker`, {
    path: '/socket.io/',
    transports: ['websocket'],
    reconnection: false,
    auth: { domainName: values.domain, kwClientId },
    extraHeaders: { origin: `https://${values.domain}`, 'user-agent': browserAgent },
  });
  let views = 0;
  const wanted = 1 + Math.floor(Math.random() * 4);
  const view = () => {
    const [path, title] = pick(pages);
    socket.emit('nodeMessage.visit', {
      path,
      title,
      referrer: views === 0 ? pick(['', 'https://www.google.com/']) : '',
      language: 'fa-IR',
      screen: pick(['1920x1080', '390x844', '1366x768']),
    });
    const kind = returning || views > 0 ? 'returning' : 'new      ';
    views += 1;
    console.log(`${kind} ${kwClientId} ${values.domain}${path}`);
    if (views < wanted) setTimeout(view, 2000 + Math.random() * 6000);
    else setTimeout(() => socket.close(), 5000 + Math.random() * 20_000);
  };
  socket.on('connect', view);
  socket.on('connect_error', (error) => {
    console.error(`refused: ${error.message}`);
    process.exitCode = 1;
  });
  if (!returning) returningIds.push(kwClientId);
}

const everyMs = Number(values['every-ms']);
const count = Number(values.visitors);
console.log(`Visiting ${values.domain} through ${values.url} (Ctrl+C to stop)`);
for (let index = 0; index < count; index += 1) setTimeout(visitor, index * 500);
setInterval(visitor, everyMs);
