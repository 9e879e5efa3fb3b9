// Draws the demo catalog's images into public/media/demo/: group icons, theme previews (desktop
// and phone) and article covers, as small SVG files. Deterministic: every shape and colour comes
// from the slug, so running it again writes the same bytes. The files are committed; run it again
// after adding a slug below (keep the lists in step with apps/server/src/db/demo-catalog/):
//   node apps/web/scripts/generate-demo-media.mjs
// No text elements: an SVG shown through <img> cannot use the page's Persian font, so text is
// drawn as rounded bars, right-aligned as Persian text is.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT_DIR = fileURLToPath(new URL('../public/media/demo/', import.meta.url));

const GROUPS = [
  'website-builder',
  'shared-hosting',
  'wordpress-hosting',
  'vps',
  'domains',
  'business-email',
];

/** [slug, category, dark] for every theme of apps/server/src/db/demo-catalog/themes.ts. */
const THEMES = [
  ['bazaarcheh', 'shop'],
  ['gadget-land', 'shop', true],
  ['golbarg-boutique', 'shop'],
  ['attar-spice', 'shop'],
  ['varagh-books', 'shop'],
  ['modern-office', 'corporate'],
  ['sazeh-construction', 'corporate'],
  ['partab-startup', 'corporate'],
  ['dadgostar-law', 'corporate'],
  ['tarabar-logistics', 'corporate'],
  ['resume-simple', 'personal'],
  ['nava-musician', 'personal'],
  ['mehr-coach', 'personal'],
  ['pardis-events', 'personal'],
  ['daftarcheh-blog', 'blog'],
  ['safarnameh', 'blog'],
  ['fannameh-magazine', 'blog'],
  ['ashpazkhaneh', 'blog'],
  ['narenj-cafe', 'restaurant'],
  ['sofreh-restaurant', 'restaurant'],
  ['tanoor-pizza', 'restaurant'],
  ['shirinisara-bakery', 'restaurant'],
  ['danesh-academy', 'education'],
  ['zabankadeh', 'education'],
  ['private-tutor', 'education'],
  ['shokufeh-kids', 'education'],
  ['salamat-clinic', 'medical'],
  ['labkhand-dental', 'medical'],
  ['shafa-pharmacy', 'medical'],
  ['matab-doctor', 'medical'],
  ['qab-photography', 'portfolio', true],
  ['naqsh-architecture', 'portfolio'],
  ['rang-design', 'portfolio'],
  ['nama-studio', 'portfolio', true],
];

/** [slug, category] for every article of apps/server/src/db/demo-catalog/articles.ts. */
const ARTICLES = [
  ['nowruz-1405-festival', 'news'],
  ['choose-website-builder-plan', 'website-builder-guide'],
  ['shared-vs-vps-hosting', 'hosting'],
  ['ssl-certificate-explained', 'security'],
  ['connect-domain-to-host', 'hosting'],
  ['seo-basics-for-small-business', 'seo-marketing'],
  ['speed-up-wordpress', 'wordpress'],
  ['launch-online-shop-in-a-day', 'website-builder-guide'],
  ['strong-passwords-and-2fa', 'security'],
  ['choose-domain-name', 'hosting'],
  ['wordpress-backup-restore', 'wordpress'],
  ['write-product-descriptions', 'seo-marketing'],
  ['vitrin-nvme-upgrade-1405', 'news'],
  ['spf-dkim-dmarc-guide', 'security'],
  ['website-builder-ai-assistant', 'news'],
];

// ---------------------------------------------------------------- numbers and colours

/** FNV-1a: a 32-bit seed from a slug. */
function hashOf(text) {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: numbers in [0, 1) that depend only on the seed text. */
function randomFor(seedText) {
  let state = hashOf(seedText);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hsl(hue, saturation, lightness) {
  const h = ((hue % 360) + 360) % 360;
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n) => {
    const k = (n + h / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

// Whole pixels keep the files small; small numbers (opacity, thin radii) keep two decimals.
const round = (n) => (Math.abs(n) < 10 ? Math.round(n * 100) / 100 : Math.round(n));

// ---------------------------------------------------------------- SVG pieces

function attrs(values) {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== null && value !== false)
    .map(([name, value]) => `${name}="${typeof value === 'number' ? round(value) : value}"`)
    .join(' ');
}

const rect = (x, y, width, height, fill, extra = {}) =>
  `<rect ${attrs({ x, y, width, height, fill, ...extra })}/>`;
const circle = (cx, cy, r, fill, extra = {}) => `<circle ${attrs({ cx, cy, r, fill, ...extra })}/>`;
const pathEl = (d, extra) => `<path ${attrs({ d, ...extra })}/>`;

// aria-hidden: the page describes each image in its <img alt>; the file itself has no text.
function svgDocument(width, height, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>\n`;
}

/**
 * A drawing in two layers: shapes in the order drawn, then the text bars on top, grouped by
 * colour so a colour is written once.
 */
function sheet() {
  const shapes = [];
  const bars = new Map();
  return {
    add(...elements) {
      shapes.push(...elements);
    },
    /** A line of text: a rounded bar ending at `right`, as Persian text ends at the right. */
    text(fill, right, y, width, height) {
      if (!bars.has(fill)) bars.set(fill, []);
      bars.get(fill).push(rect(right - width, y, width, height, undefined, { rx: height / 2 }));
    },
    render() {
      const groups = [...bars].map(([fill, items]) => `<g fill="${fill}">${items.join('')}</g>`);
      return shapes.join('') + groups.join('');
    },
  };
}

/** A photo placeholder: sky, sun and hills in the palette's soft tones. */
function picture(s, x, y, width, height, colors, rand) {
  const rx = Math.min(12, height / 8);
  const ground = y + height * 0.72;
  const peakA = x + width * (0.2 + rand() * 0.2);
  const peakB = x + width * (0.55 + rand() * 0.25);
  s.add(
    rect(x, y, width, height, colors.sky, { rx }),
    circle(
      x + width * (0.25 + rand() * 0.5),
      y + height * 0.3,
      Math.min(width, height) * 0.1,
      colors.sun,
    ),
    pathEl(
      `M${round(x)} ${round(ground + rx + 1)}L${round(peakA)} ${round(y + height * 0.4)}L${round((peakA + peakB) / 2)} ${round(y + height * 0.6)}L${round(peakB)} ${round(y + height * 0.34)}L${round(x + width)} ${round(ground - height * 0.05)}V${round(ground + rx + 1)}Z`,
      { fill: colors.hill },
    ),
    rect(x, ground, width, y + height - ground, colors.hill, { rx }),
  );
}

/** A product photo for shop cards: an object on a soft backdrop. */
function productPhoto(s, x, y, width, height, p, rand) {
  const cx = x + width / 2;
  const cy = y + height / 2;
  const size = Math.min(width, height) * 0.28;
  s.add(rect(x, y, width, height, p.soft, { rx: 10 }));
  const kind = Math.floor(rand() * 3);
  if (kind === 0) {
    s.add(
      pathEl(
        `M${round(cx - size * 0.5)} ${round(cy - size * 0.7)}a${round(size * 0.5)} ${round(size * 0.5)} 0 0 1 ${round(size)} 0`,
        {
          fill: 'none',
          stroke: p.primary,
          'stroke-width': 4,
        },
      ),
      rect(cx - size, cy - size * 0.7, size * 2, size * 1.8, p.primary, { rx: 8 }),
    );
  } else if (kind === 1) {
    s.add(
      rect(cx - size * 0.35, cy - size * 1.2, size * 0.7, size * 0.5, p.accent, { rx: 4 }),
      rect(cx - size * 0.7, cy - size * 0.8, size * 1.4, size * 2, p.primary, { rx: size * 0.4 }),
    );
  } else {
    s.add(
      circle(cx, cy, size, p.primary),
      circle(cx + size * 0.35, cy - size * 0.35, size * 0.3, p.accent, { opacity: 0.8 }),
    );
  }
}

// ---------------------------------------------------------------- theme palettes

// Where a category's hues start and how far they spread, so a category has a family look.
const CATEGORY_HUES = {
  shop: [325, 35],
  corporate: [198, 32],
  personal: [255, 45],
  blog: [130, 45],
  restaurant: [2, 22],
  education: [28, 14],
  medical: [165, 25],
  portfolio: [0, 360],
};

// Accents opposite or beside the main hue; never the yellow-greens, which look sickly beside
// the warm hues.
const ACCENT_TURNS = [150, 180, 205, -40];
const accentHueFor = (hue, turn) => {
  const accent = (((hue + turn) % 360) + 360) % 360;
  return accent >= 55 && accent <= 115 ? 205 : accent;
};

function themePalette(slug, category, dark) {
  const rand = randomFor(`${slug}:palette`);
  const [start, spread] = CATEGORY_HUES[category];
  const hue = start + rand() * spread;
  const accentHue = accentHueFor(hue, ACCENT_TURNS[Math.floor(rand() * ACCENT_TURNS.length)]);
  // Yellows and oranges turn olive or brown when dark: keep them bright and saturated.
  const warm = hue % 360 >= 22 && hue % 360 <= 70;
  const saturation = warm ? 88 : 55 + rand() * 20;
  const lightness = dark ? 58 : warm ? 48 : 38 + rand() * 8;
  return {
    hue,
    dark,
    primary: hsl(hue, saturation, lightness),
    heroEnd: hsl(hue + 28, saturation, lightness + 12),
    accent: hsl(accentHue, 75, dark ? 62 : 55),
    page: dark ? hsl(hue, 20, 9) : hsl(hue, 35, 97),
    surface: dark ? hsl(hue, 16, 15) : '#ffffff',
    border: dark ? hsl(hue, 14, 22) : hsl(hue, 20, 90),
    heading: dark ? hsl(hue, 12, 82) : hsl(hue, 28, 24),
    body: dark ? hsl(hue, 10, 38) : hsl(hue, 12, 82),
    soft: dark ? hsl(hue, 22, 22) : hsl(hue, 50, 91),
    footer: dark ? hsl(hue, 20, 6) : hsl(hue, 30, 16),
    heroStyle: ['solid', 'soft', 'gradient'][Math.floor(rand() * 3)],
    navOnPrimary: rand() < 0.35,
    photo: {
      sky: dark ? hsl(hue, 25, 26) : hsl(hue, 55, 88),
      sun: hsl(accentHue, 80, dark ? 62 : 66),
      hill: dark ? hsl(hue, 30, 36) : hsl(hue, 40, 70),
    },
  };
}

/** A photo in a colour of its own, for galleries: the palette's hue turned by `turn`. */
function photoColors(p, turn) {
  const hue = p.hue + turn;
  return p.dark
    ? { sky: hsl(hue, 30, 24), sun: hsl(hue + 40, 80, 64), hill: hsl(hue, 35, 38) }
    : { sky: hsl(hue, 55, 86), sun: hsl(hue + 40, 85, 62), hill: hsl(hue, 40, 62) };
}

// ---------------------------------------------------------------- theme: desktop (1200 × 800)

const DESKTOP = { width: 1200, height: 800, right: 1140, left: 60 };

function desktopChrome(s, p, rand) {
  const { right, left, width } = DESKTOP;
  const navText = p.navOnPrimary ? '#ffffff' : p.heading;
  const linkText = p.navOnPrimary ? hsl(p.hue, 40, 80) : p.body;
  s.add(rect(0, 0, width, DESKTOP.height, p.page));
  s.add(
    p.navOnPrimary
      ? rect(0, 0, width, 72, p.primary)
      : rect(0, 0, width, 72, p.surface) + rect(0, 71, width, 1, p.border),
  );
  // The logo sits at the top right, as a Persian site's does.
  s.add(rect(right - 36, 18, 36, 36, p.accent, { rx: 10 }));
  s.text(navText, right - 48, 30, 84, 12);
  for (let i = 0; i < 4; i += 1) s.text(linkText, 960 - i * 92, 31, 48 + round(rand() * 20), 10);
  s.add(rect(left, 18, 128, 36, p.navOnPrimary ? p.accent : p.primary, { rx: 18 }));
  s.text('#ffffff', left + 100, 32, 72, 8);

  // Hero: headline bars on the right, a picture on the left.
  const onColor = p.heroStyle !== 'soft';
  if (p.heroStyle === 'gradient') {
    s.add(
      `<defs><linearGradient id="h" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.primary}"/><stop offset="1" stop-color="${p.heroEnd}"/></linearGradient></defs>`,
      rect(0, 72, width, 320, 'url(#h)'),
    );
  } else {
    s.add(rect(0, 72, width, 320, p.heroStyle === 'solid' ? p.primary : p.soft));
  }
  const title = onColor ? '#ffffff' : p.heading;
  const lines = onColor ? hsl(p.hue, 40, 85) : p.body;
  s.text(title, right, 140, 440, 30);
  s.text(title, right, 184, 330, 30);
  s.text(lines, right, 244, 420, 12);
  s.text(lines, right, 266, 380, 12);
  s.text(lines, right, 288, 290, 12);
  s.add(rect(right - 170, 322, 170, 46, onColor ? '#ffffff' : p.primary, { rx: 23 }));
  s.text(onColor ? p.primary : '#ffffff', right - 45, 340, 80, 10);
  s.add(rect(right - 330, 322, 144, 46, 'none', { rx: 23, stroke: title, 'stroke-width': 2 }));
  s.text(title, right - 218, 340, 60, 10);
  picture(s, left, 100, 500, 264, p.photo, rand);

  s.add(rect(0, 760, width, 40, p.footer));
  for (let i = 0; i < 3; i += 1) s.text(hsl(p.hue, 15, 45), right - i * 140, 776, 96, 8);
  s.add(rect(left, 772, 16, 16, p.accent, { rx: 5 }));
}

function sectionTitle(s, p, y, width) {
  s.text(p.heading, DESKTOP.right, y, width, 18);
  s.text(p.primary, DESKTOP.left + 80, y + 4, 80, 10);
}

const desktopSections = {
  shop(s, p, rand) {
    sectionTitle(s, p, 420, 180);
    for (let i = 0; i < 4; i += 1) {
      const x = DESKTOP.right - 246 - i * 278;
      const y = 456;
      s.add(rect(x, y, 246, 284, p.surface, { rx: 14, stroke: p.border }));
      productPhoto(s, x + 12, y + 12, 222, 156, p, rand);
      s.text(p.heading, x + 230, y + 186, 120 + round(rand() * 50), 12);
      s.text(p.body, x + 230, y + 208, 100, 9);
      s.text(p.primary, x + 230, y + 246, 86, 14);
      s.add(circle(x + 34, y + 253, 16, p.accent));
    }
  },
  corporate(s, p, rand) {
    sectionTitle(s, p, 420, 220);
    for (let i = 0; i < 3; i += 1) {
      const x = DESKTOP.right - 336 - i * 372;
      const y = 460;
      s.add(
        rect(x, y, 336, 170, p.surface, { rx: 14, stroke: p.border }),
        circle(x + 292, y + 44, 24, p.soft),
        rect(x + 282, y + 34, 20, 20, p.primary, { rx: 5 }),
      );
      s.text(p.heading, x + 312, y + 84, 130 + round(rand() * 50), 14);
      s.text(p.body, x + 312, y + 112, 260, 9);
      s.text(p.body, x + 312, y + 130, 230, 9);
      s.text(p.body, x + 312, y + 148, 170, 9);
    }
    s.add(rect(DESKTOP.left, 654, 1080, 86, p.primary, { rx: 16 }));
    for (let i = 0; i < 4; i += 1) {
      const right = DESKTOP.right - 60 - i * 260;
      s.text('#ffffff', right, 672, 90, 24);
      s.text(hsl(p.hue, 40, 82), right, 708, 130, 9);
    }
  },
  personal(s, p, rand) {
    const cx = 1020;
    s.add(
      circle(cx, 580, 110, p.soft),
      circle(cx, 550, 40, p.primary),
      pathEl(`M${cx - 72} 660a72 62 0 0 1 144 0z`, { fill: p.primary }),
      circle(cx + 78, 490, 18, p.accent),
    );
    s.text(p.heading, 860, 452, 320, 26);
    s.text(p.primary, 860, 494, 180, 12);
    for (let i = 0; i < 4; i += 1) s.text(p.body, 860, 530 + i * 24, 520 - round(rand() * 90), 10);
    for (let i = 0; i < 4; i += 1) {
      const x = 860 - 100 - i * 112;
      s.add(rect(x, 644, 100, 34, p.soft, { rx: 17 }));
      s.text(p.primary, x + 80, 657, 60, 8);
    }
    for (let i = 0; i < 3; i += 1)
      s.add(circle(844 - i * 44, 716, 14, p.accent, { opacity: 0.85 }));
    // A latest-work card on the left.
    s.add(rect(DESKTOP.left, 436, 250, 300, p.surface, { rx: 14, stroke: p.border }));
    picture(s, 72, 448, 226, 150, p.photo, rand);
    s.text(p.heading, 286, 616, 150, 13);
    s.text(p.body, 286, 642, 200, 8);
    s.text(p.body, 286, 658, 170, 8);
    s.add(rect(72, 690, 226, 34, p.primary, { rx: 17 }));
    s.text('#ffffff', 220, 703, 70, 8);
  },
  blog(s, p, rand) {
    for (let i = 0; i < 3; i += 1) {
      const y = 424 + i * 106;
      picture(s, 980, y, 160, 94, p.photo, rand);
      s.text(p.heading, 956, y + 6, 320 + round(rand() * 120), 16);
      s.text(p.body, 956, y + 36, 520, 9);
      s.text(p.body, 956, y + 54, 440, 9);
      s.text(p.primary, 956, y + 78, 110, 8);
    }
    s.add(rect(DESKTOP.left, 424, 320, 310, p.surface, { rx: 14, stroke: p.border }));
    s.text(p.heading, 356, 448, 120, 14);
    for (let i = 0; i < 6; i += 1) {
      const y = 486 + i * 38;
      s.text(p.body, 356, y, 120 + round(rand() * 60), 10);
      s.add(rect(84, y - 4, 30, 18, p.soft, { rx: 9 }));
    }
  },
  restaurant(s, p, rand) {
    s.text(p.heading, 680, 420, 160, 18);
    s.add(rect(440, 428, 60, 3, p.accent, { rx: 1 }), rect(700, 428, 60, 3, p.accent, { rx: 1 }));
    for (let column = 0; column < 2; column += 1) {
      const colRight = column === 0 ? DESKTOP.right : 560;
      const colLeft = colRight - 500;
      for (let i = 0; i < 4; i += 1) {
        const y = 466 + i * 70;
        s.add(
          circle(colRight - 26, y + 22, 26, p.soft),
          circle(colRight - 26, y + 22, 13, p.accent),
        );
        const nameWidth = 120 + round(rand() * 60);
        s.text(p.heading, colRight - 66, y + 8, nameWidth, 14);
        s.text(p.body, colRight - 66, y + 32, 210, 8);
        s.add(
          pathEl(`M${colLeft + 100} ${y + 15}H${colRight - 78 - nameWidth}`, {
            stroke: p.border,
            'stroke-width': 3,
            'stroke-dasharray': '2 7',
            'stroke-linecap': 'round',
          }),
        );
        s.text(p.primary, colLeft + 88, y + 8, 88, 14);
      }
    }
  },
  education(s, p, rand) {
    sectionTitle(s, p, 420, 200);
    for (let i = 0; i < 3; i += 1) {
      const x = DESKTOP.right - 336 - i * 372;
      const y = 456;
      s.add(
        rect(x, y, 336, 284, p.surface, { rx: 14, stroke: p.border }),
        rect(x + 12, y + 12, 312, 120, i === 1 ? hsl(p.hue + 40, 55, 88) : p.soft, { rx: 10 }),
        circle(x + 168, y + 72, 26, p.primary),
        pathEl(`M${x + 161} ${y + 60}l20 12l-20 12z`, { fill: '#ffffff' }),
        circle(x + 300, y + 216, 12, p.soft),
        rect(x + 24, y + 252, 288, 8, p.soft, { rx: 4 }),
      );
      const progress = 60 + round(rand() * 200);
      s.add(rect(x + 312 - progress, y + 252, progress, 8, p.accent, { rx: 4 }));
      s.text(p.heading, x + 312, y + 150, 180 + round(rand() * 60), 14);
      s.text(p.body, x + 312, y + 178, 250, 9);
      s.text(p.body, x + 280, y + 211, 84, 9);
      s.text(p.primary, x + 96, y + 208, 72, 14);
    }
  },
  medical(s, p, rand) {
    for (let i = 0; i < 4; i += 1) {
      const x = DESKTOP.right - 255 - (i % 2) * 285;
      const y = 424 + Math.floor(i / 2) * 166;
      const right = x + 255;
      s.add(
        rect(x, y, 255, 148, p.surface, { rx: 14, stroke: p.border }),
        rect(right - 68, y + 20, 48, 48, p.soft, { rx: 12 }),
        rect(right - 50, y + 30, 12, 28, p.primary, { rx: 3 }),
        rect(right - 58, y + 38, 28, 12, p.primary, { rx: 3 }),
      );
      s.text(p.heading, right - 20, y + 86, 110 + round(rand() * 40), 13);
      s.text(p.body, right - 20, y + 112, 190, 8);
      s.text(p.body, right - 20, y + 126, 150, 8);
    }
    s.add(rect(DESKTOP.left, 424, 470, 314, p.surface, { rx: 16, stroke: p.border }));
    s.text(p.heading, 506, 450, 180, 16);
    for (let i = 0; i < 3; i += 1) {
      const y = 488 + i * 56;
      s.add(rect(84, y, 422, 42, p.page, { rx: 10, stroke: p.border }));
      s.text(p.body, 490, y + 17, 90 + round(rand() * 40), 9);
    }
    s.add(rect(84, 668, 422, 46, p.primary, { rx: 23 }));
    s.text('#ffffff', 335, 686, 84, 10);
  },
  portfolio(s, p, rand) {
    const columns = [
      [190, 110],
      [120, 180],
      [160, 140],
    ];
    columns.forEach((heights, column) => {
      const x = DESKTOP.right - 340 - column * 370;
      let y = 424;
      heights.forEach((height, row) => {
        picture(s, x, y, 340, height, photoColors(p, column * 50 + row * 110), rand);
        y += height + 16;
      });
    });
  },
};

function themeDesktop(slug, category, dark) {
  const p = themePalette(slug, category, dark);
  const rand = randomFor(`${slug}:desktop`);
  const s = sheet();
  desktopChrome(s, p, rand);
  desktopSections[category](s, p, rand);
  return svgDocument(DESKTOP.width, DESKTOP.height, s.render());
}

// ---------------------------------------------------------------- theme: phone (390 × 780)

const PHONE = { width: 390, height: 780, right: 366, left: 24 };

function phoneChrome(s, p) {
  const { width, right, left } = PHONE;
  const navFill = p.navOnPrimary ? p.primary : p.surface;
  const navText = p.navOnPrimary ? '#ffffff' : p.heading;
  s.add(rect(0, 0, width, PHONE.height, p.page), rect(0, 0, width, 84, navFill));
  if (!p.navOnPrimary) s.add(rect(0, 83, width, 1, p.border));
  s.text(navText, right, 10, 34, 7);
  s.add(rect(left, 9, 22, 9, navText, { rx: 2, opacity: 0.7 }));
  s.add(rect(right - 32, 40, 32, 32, p.accent, { rx: 9 }));
  s.text(navText, right - 42, 51, 70, 10);
  for (let i = 0; i < 3; i += 1) s.add(rect(left, 47 + i * 8, 24, 3, navText, { rx: 1.5 }));

  const onColor = p.heroStyle !== 'soft';
  if (p.heroStyle === 'gradient') {
    s.add(
      `<defs><linearGradient id="h" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.primary}"/><stop offset="1" stop-color="${p.heroEnd}"/></linearGradient></defs>`,
      rect(0, 84, width, 246, 'url(#h)'),
    );
  } else {
    s.add(rect(0, 84, width, 246, p.heroStyle === 'solid' ? p.primary : p.soft));
  }
  s.add(
    circle(62, 262, 60, onColor ? '#ffffff' : p.primary, { opacity: 0.12 }),
    circle(132, 298, 26, onColor ? '#ffffff' : p.accent, { opacity: 0.18 }),
  );
  const title = onColor ? '#ffffff' : p.heading;
  const lines = onColor ? hsl(p.hue, 40, 85) : p.body;
  s.text(title, right, 116, 280, 22);
  s.text(title, right, 148, 200, 22);
  s.text(lines, right, 190, 300, 9);
  s.text(lines, right, 207, 250, 9);
  s.add(rect(right - 150, 242, 150, 42, onColor ? '#ffffff' : p.primary, { rx: 21 }));
  s.text(onColor ? p.primary : '#ffffff', right - 40, 258, 70, 9);

  // A tab bar at the bottom, as a phone site has.
  s.add(rect(0, 724, width, 56, p.surface), rect(0, 724, width, 1, p.border));
  [341, 244, 146, 49].forEach((x, i) => {
    s.add(circle(x, 744, 9, i === 0 ? p.primary : p.body));
    s.text(i === 0 ? p.primary : p.body, x + 14, 760, 28, 5);
  });
}

const phoneSections = {
  shop(s, p, rand) {
    s.text(p.heading, PHONE.right, 352, 120, 14);
    for (let i = 0; i < 4; i += 1) {
      const x = i % 2 === 0 ? 203 : 24;
      const y = 380 + Math.floor(i / 2) * 170;
      s.add(rect(x, y, 163, 158, p.surface, { rx: 12, stroke: p.border }));
      productPhoto(s, x + 8, y + 8, 147, 86, p, rand);
      s.text(p.heading, x + 153, y + 106, 90 + round(rand() * 40), 9);
      s.text(p.primary, x + 153, y + 130, 60, 11);
      s.add(circle(x + 24, y + 136, 11, p.accent));
    }
  },
  corporate(s, p, rand) {
    for (let i = 0; i < 3; i += 1) {
      const y = 352 + i * 118;
      s.add(
        rect(PHONE.left, y, 342, 104, p.surface, { rx: 12, stroke: p.border }),
        circle(332, y + 36, 20, p.soft),
        rect(324, y + 28, 16, 16, p.primary, { rx: 4 }),
      );
      s.text(p.heading, 298, y + 24, 120 + round(rand() * 40), 12);
      s.text(p.body, 298, y + 50, 240, 8);
      s.text(p.body, 298, y + 66, 200, 8);
    }
  },
  personal(s, p, rand) {
    s.add(
      circle(195, 430, 66, p.soft),
      circle(195, 414, 26, p.primary),
      pathEl('M151 480a44 40 0 0 1 88 0z', { fill: p.primary }),
    );
    s.text(p.heading, 275, 516, 160, 16);
    s.text(p.primary, 245, 544, 100, 9);
    for (let i = 0; i < 3; i += 1)
      s.text(p.body, PHONE.right, 576 + i * 20, 320 - round(rand() * 60), 8);
    for (let i = 0; i < 3; i += 1) {
      const x = 262 - i * 104;
      s.add(rect(x, 652, 94, 30, p.soft, { rx: 15 }));
      s.text(p.primary, x + 72, 663, 50, 7);
    }
  },
  blog(s, p, rand) {
    for (let i = 0; i < 4; i += 1) {
      const y = 352 + i * 90;
      picture(s, 270, y, 96, 74, p.photo, rand);
      s.text(p.heading, 254, y + 6, 150 + round(rand() * 60), 11);
      s.text(p.body, 254, y + 28, 220, 8);
      s.text(p.body, 254, y + 44, 170, 8);
      s.text(p.primary, 254, y + 62, 60, 7);
    }
  },
  restaurant(s, p, rand) {
    s.text(p.heading, 250, 352, 110, 14);
    s.add(rect(92, 358, 40, 3, p.accent, { rx: 1 }), rect(258, 358, 40, 3, p.accent, { rx: 1 }));
    for (let i = 0; i < 5; i += 1) {
      const y = 388 + i * 64;
      s.add(circle(344, y + 20, 22, p.soft), circle(344, y + 20, 10, p.accent));
      s.text(p.heading, 312, y + 6, 100 + round(rand() * 40), 11);
      s.text(p.body, 312, y + 28, 170, 7);
      s.text(p.primary, 84, y + 6, 60, 11);
    }
  },
  education(s, p, rand) {
    for (let i = 0; i < 2; i += 1) {
      const y = 352 + i * 184;
      s.add(
        rect(PHONE.left, y, 342, 170, p.surface, { rx: 12, stroke: p.border }),
        rect(34, y + 10, 322, 82, p.soft, { rx: 10 }),
        circle(195, y + 51, 20, p.primary),
        pathEl(`M190 ${y + 42}l15 9l-15 9z`, { fill: '#ffffff' }),
        rect(40, y + 148, 310, 7, p.soft, { rx: 3.5 }),
      );
      const progress = 50 + round(rand() * 220);
      s.add(rect(350 - progress, y + 148, progress, 7, p.accent, { rx: 3.5 }));
      s.text(p.heading, 350, y + 104, 170 + round(rand() * 40), 12);
      s.text(p.body, 350, y + 126, 220, 8);
      s.text(p.primary, 100, y + 123, 60, 11);
    }
  },
  medical(s, p, rand) {
    s.add(rect(PHONE.left, 352, 342, 214, p.surface, { rx: 14, stroke: p.border }));
    s.text(p.heading, 346, 372, 130, 13);
    for (let i = 0; i < 2; i += 1) {
      const y = 400 + i * 50;
      s.add(rect(44, y, 302, 38, p.page, { rx: 9, stroke: p.border }));
      s.text(p.body, 332, y + 15, 80 + round(rand() * 40), 8);
    }
    s.add(rect(44, 510, 302, 40, p.primary, { rx: 20 }));
    s.text('#ffffff', 225, 526, 60, 8);
    for (let i = 0; i < 2; i += 1) {
      const x = i === 0 ? 203 : 24;
      s.add(
        rect(x, 582, 163, 124, p.surface, { rx: 12, stroke: p.border }),
        rect(x + 111, 596, 40, 40, p.soft, { rx: 10 }),
        rect(x + 126, 604, 10, 24, p.primary, { rx: 2 }),
        rect(x + 119, 611, 24, 10, p.primary, { rx: 2 }),
      );
      s.text(p.heading, x + 151, 652, 90, 10);
      s.text(p.body, x + 151, 676, 120, 7);
    }
  },
  portfolio(s, p, rand) {
    const columns = [
      [180, 160],
      [120, 220],
    ];
    columns.forEach((heights, column) => {
      const x = column === 0 ? 203 : 24;
      let y = 352;
      heights.forEach((height, row) => {
        picture(s, x, y, 163, height, photoColors(p, column * 70 + row * 120), rand);
        y += height + 12;
      });
    });
  },
};

function themePhone(slug, category, dark) {
  const p = themePalette(slug, category, dark);
  const rand = randomFor(`${slug}:phone`);
  const s = sheet();
  phoneChrome(s, p);
  phoneSections[category](s, p, rand);
  return svgDocument(PHONE.width, PHONE.height, s.render());
}

// ---------------------------------------------------------------- article covers (1200 × 630)

const ARTICLE_HUES = {
  'website-builder-guide': 245,
  hosting: 178,
  wordpress: 205,
  'seo-marketing': 24,
  security: 150,
  news: 285,
};

/** The category's object, drawn in white with coloured details, centred on (cx, cy). */
const coverObjects = {
  'website-builder-guide'(cx, cy, c) {
    const x = cx - 260;
    const y = cy - 170;
    return [
      rect(x, y, 520, 340, '#ffffff', { rx: 20 }),
      rect(x, y, 520, 46, c.light, { rx: 20 }),
      rect(x, y + 30, 520, 16, c.light),
      circle(x + 490, y + 23, 7, c.main),
      circle(x + 466, y + 23, 7, c.mid),
      circle(x + 442, y + 23, 7, c.pale),
      rect(x + 220, y + 70, 276, 110, c.main, { rx: 12 }),
      rect(x + 24, y + 70, 180, 110, c.pale, { rx: 12 }),
      rect(x + 348, y + 200, 148, 110, c.light, { rx: 12 }),
      rect(x + 186, y + 200, 148, 110, c.light, { rx: 12 }),
      rect(x + 24, y + 200, 148, 110, c.light, { rx: 12 }),
      rect(x + 330, y + 96, 140, 14, '#ffffff', { rx: 7 }),
      rect(x + 370, y + 122, 100, 10, '#ffffff', { rx: 5, opacity: 0.7 }),
    ];
  },
  hosting(cx, cy, c) {
    const parts = [];
    for (let i = 0; i < 3; i += 1) {
      const y = cy - 160 + i * 110;
      parts.push(
        rect(cx - 220, y, 440, 92, '#ffffff', { rx: 16 }),
        rect(cx - 190, y + 30, 180, 12, c.light, { rx: 6 }),
        rect(cx - 190, y + 52, 120, 12, c.light, { rx: 6 }),
        circle(cx + 150, y + 46, 10, c.main),
        circle(cx + 184, y + 46, 10, i === 1 ? '#f59e0b' : '#22c55e'),
      );
    }
    return parts;
  },
  wordpress(cx, cy, c) {
    return [
      rect(cx - 250, cy - 170, 500, 310, '#ffffff', { rx: 18 }),
      rect(cx - 230, cy - 150, 460, 270, c.pale, { rx: 10 }),
      pathEl(`M${cx - 300} ${cy + 150}h600l-40 36h-520z`, { fill: '#ffffff' }),
      circle(cx, cy - 15, 92, '#ffffff', { stroke: c.main, 'stroke-width': 14 }),
      pathEl(`M${cx - 56} ${cy - 50}l26 86l30 -62l30 62l26 -86`, {
        fill: 'none',
        stroke: c.main,
        'stroke-width': 16,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      }),
    ];
  },
  'seo-marketing'(cx, cy, c) {
    const parts = [rect(cx - 250, cy - 170, 500, 340, '#ffffff', { rx: 20 })];
    [80, 130, 190, 250].forEach((height, i) => {
      parts.push(
        rect(cx - 200 + i * 100, cy + 130 - height, 64, height, i === 3 ? c.main : c.mid, {
          rx: 10,
        }),
      );
    });
    parts.push(
      pathEl(
        `M${cx - 190} ${cy + 10}L${cx - 70} ${cy - 40}L${cx + 30} ${cy - 20}L${cx + 170} ${cy - 130}`,
        {
          fill: 'none',
          stroke: c.accent,
          'stroke-width': 10,
          'stroke-linecap': 'round',
          'stroke-linejoin': 'round',
        },
      ),
      circle(cx + 170, cy - 130, 14, c.accent),
      circle(cx + 200, cy + 100, 62, '#ffffff', {
        'fill-opacity': 0.35,
        stroke: c.deep,
        'stroke-width': 18,
      }),
      pathEl(`M${cx + 244} ${cy + 144}l50 50`, {
        stroke: c.deep,
        'stroke-width': 24,
        'stroke-linecap': 'round',
      }),
    );
    return parts;
  },
  security(cx, cy, c) {
    return [
      pathEl(
        `M${cx} ${cy - 190}l170 60v110c0 110 -80 170 -170 210c-90 -40 -170 -100 -170 -210v-110z`,
        { fill: '#ffffff' },
      ),
      pathEl(`M${cx} ${cy - 150}l130 46v86c0 86 -62 132 -130 164c-68 -32 -130 -78 -130 -164v-86z`, {
        fill: c.pale,
      }),
      pathEl(`M${cx - 40} ${cy - 10}v-30a40 40 0 0 1 80 0v30`, {
        fill: 'none',
        stroke: c.main,
        'stroke-width': 16,
      }),
      rect(cx - 66, cy - 12, 132, 104, c.main, { rx: 16 }),
      circle(cx, cy + 32, 12, '#ffffff'),
      rect(cx - 5, cy + 36, 10, 28, '#ffffff', { rx: 5 }),
    ];
  },
  news(cx, cy, c) {
    return [
      pathEl(`M${cx - 170} ${cy - 50}l240 -110v280l-240 -110z`, { fill: '#ffffff' }),
      rect(cx - 230, cy - 60, 90, 120, '#ffffff', { rx: 18 }),
      rect(cx - 200, cy + 40, 50, 110, '#ffffff', { rx: 14 }),
      rect(cx + 60, cy - 170, 36, 300, c.main, { rx: 18 }),
      pathEl(`M${cx + 140} ${cy - 90}q40 90 0 180M${cx + 190} ${cy - 140}q70 140 0 280`, {
        fill: 'none',
        stroke: '#ffffff',
        'stroke-width': 14,
        'stroke-linecap': 'round',
        opacity: 0.8,
      }),
    ];
  },
};

function articleCover(slug, category) {
  const rand = randomFor(`${slug}:cover`);
  const hue = ARTICLE_HUES[category] + (rand() - 0.5) * 24;
  const colors = {
    main: hsl(hue, 65, 45),
    mid: hsl(hue, 55, 70),
    light: hsl(hue, 45, 90),
    pale: hsl(hue, 50, 82),
    accent: hsl(hue + 150, 80, 55),
    deep: hsl(hue, 60, 28),
  };
  const width = 1200;
  const height = 630;
  const parts = [
    `<defs><linearGradient id="b" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 60, 40)}"/><stop offset="1" stop-color="${hsl(hue + 35, 65, 58)}"/></linearGradient></defs>`,
    rect(0, 0, width, height, 'url(#b)'),
  ];
  for (let i = 0; i < 9; i += 1) {
    const x = rand() * width;
    const y = rand() * height;
    const size = 20 + rand() * 90;
    parts.push(
      rand() < 0.5
        ? circle(x, y, size / 2, '#ffffff', { opacity: 0.1 + rand() * 0.12 })
        : rect(x, y, size, size, '#ffffff', {
            rx: size / 4,
            opacity: 0.1 + rand() * 0.12,
            transform: `rotate(${round(rand() * 90)} ${round(x)} ${round(y)})`,
          }),
    );
  }
  for (let i = 0; i < 2; i += 1) {
    const base = 470 + i * 70;
    const lift = 40 + rand() * 50;
    parts.push(
      pathEl(
        `M0 ${base}C300 ${round(base - lift)} 500 ${round(base + lift)} 800 ${base}S1100 ${round(base - lift)} 1200 ${base}V630H0z`,
        { fill: '#ffffff', opacity: i === 0 ? 0.12 : 0.18 },
      ),
    );
  }
  // A dotted grid in a corner, on the side away from the object.
  const objectOnLeft = rand() < 0.5;
  const gridX = objectOnLeft ? 900 : 80;
  for (let row = 0; row < 4; row += 1) {
    parts.push(
      pathEl(`M${gridX} ${90 + row * 28}h220`, {
        stroke: '#ffffff',
        'stroke-width': 6,
        'stroke-dasharray': '0 28',
        'stroke-linecap': 'round',
        opacity: 0.5,
      }),
    );
  }
  const cx = objectOnLeft ? 440 + rand() * 40 : 720 + rand() * 40;
  const objectX = round(cx);
  // Drawn at 1.25 times its size around its centre, so it fills the cover.
  parts.push(
    `<g transform="translate(${objectX} 315) scale(1.25) translate(${-objectX} -315)">`,
    ...coverObjects[category](objectX, 315, colors),
    '</g>',
  );
  return svgDocument(width, height, parts.join(''));
}

// ---------------------------------------------------------------- group icons (96 × 96)

const ICON = { bg: '#e3f4f1', line: '#0f766e', accent: '#4f46e5', fill: '#ffffff' };
const stroke = (width = 3) => ({
  stroke: ICON.line,
  'stroke-width': width,
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
});

const groupIcons = {
  'website-builder': () => [
    rect(16, 22, 64, 52, ICON.fill, { rx: 8, ...stroke() }),
    pathEl('M16 36h64', stroke()),
    circle(71, 29, 2.5, ICON.accent),
    circle(64, 29, 2.5, ICON.accent),
    rect(48, 43, 24, 11, ICON.accent, { rx: 3 }),
    rect(24, 43, 18, 23, ICON.line, { rx: 3, opacity: 0.3 }),
    rect(48, 59, 24, 7, ICON.line, { rx: 3, opacity: 0.5 }),
  ],
  'shared-hosting': () =>
    [0, 1, 2].flatMap((i) => [
      rect(20, 19 + i * 20, 56, 16, ICON.fill, { rx: 4, ...stroke() }),
      circle(67, 27 + i * 20, 2.8, i === 1 ? ICON.accent : ICON.line),
      rect(27, 25 + i * 20, 22, 4, ICON.line, { rx: 2, opacity: 0.45 }),
    ]),
  'wordpress-hosting': () => [
    circle(48, 48, 28, ICON.fill, stroke(3.5)),
    pathEl('M32 38l8 23l8-16l8 16l8-23', { fill: 'none', ...stroke(4.5), stroke: ICON.accent }),
  ],
  vps: () => [
    pathEl(
      'M38 18v8M48 18v8M58 18v8M38 70v8M48 70v8M58 70v8M18 38h8M18 48h8M18 58h8M70 38h8M70 48h8M70 58h8',
      stroke(),
    ),
    rect(26, 26, 44, 44, ICON.fill, { rx: 8, ...stroke() }),
    rect(37, 37, 22, 22, ICON.accent, { rx: 4 }),
  ],
  domains: () => [
    circle(48, 48, 28, ICON.fill, stroke()),
    `<ellipse cx="48" cy="48" rx="12" ry="28" fill="none" ${attrs(stroke(2.5))}/>`,
    pathEl('M20 48h56M25 34h46M25 62h46', stroke(2.5)),
    circle(70, 70, 9, ICON.accent, { stroke: ICON.bg, 'stroke-width': 3 }),
  ],
  'business-email': () => [
    rect(17, 28, 62, 42, ICON.fill, { rx: 7, ...stroke() }),
    pathEl('M20 32l28 20l28-20', { fill: 'none', ...stroke() }),
    circle(75, 27, 9, ICON.accent, { stroke: ICON.bg, 'stroke-width': 3 }),
  ],
};

function groupIcon(slug) {
  return svgDocument(
    96,
    96,
    [rect(0, 0, 96, 96, ICON.bg, { rx: 24 }), ...groupIcons[slug]()].join(''),
  );
}

// ---------------------------------------------------------------- write

function write(relativePath, content) {
  const file = path.join(OUT_DIR, relativePath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

rmSync(OUT_DIR, { recursive: true, force: true });
for (const slug of GROUPS) write(`groups/${slug}.svg`, groupIcon(slug));
for (const [slug, category, dark = false] of THEMES) {
  write(`themes/${slug}-desktop.svg`, themeDesktop(slug, category, dark));
  write(`themes/${slug}-phone.svg`, themePhone(slug, category, dark));
}
for (const [slug, category] of ARTICLES)
  write(`articles/${slug}.svg`, articleCover(slug, category));
console.log(
  `Wrote ${GROUPS.length} group icons, ${THEMES.length * 2} theme previews and ${ARTICLES.length} article covers to ${path.relative(process.cwd(), OUT_DIR)}.`,
);
