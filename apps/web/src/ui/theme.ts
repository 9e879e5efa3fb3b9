import { Button, Card, Container, createTheme, type MantineColorsTuple } from '@mantine/core';

// A deep teal: calm and trustworthy for a hosting company, and clearly not the default blue.
const brand: MantineColorsTuple = [
  '#effcf9',
  '#d5f5ee',
  '#a9eadc',
  '#74dbc8',
  '#45c7b2',
  '#22ad99',
  '#138b7c',
  '#0f766e',
  '#115e59',
  '#134e4a',
];

// A warm accent for highlights beside the teal.
const amber: MantineColorsTuple = [
  '#fff8e1',
  '#ffefcc',
  '#ffdd9b',
  '#ffca64',
  '#ffba38',
  '#ffb01b',
  '#ffab09',
  '#e39500',
  '#ca8400',
  '#af7100',
];

const fontFamily = 'Vazirmatn, Tahoma, sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand, amber },
  fontFamily,
  fontFamilyMonospace: 'ui-monospace, Menlo, Consolas, monospace',
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '10px', lg: '16px', xl: '24px' },
  shadows: {
    xs: '0 1px 2px rgb(15 23 42 / 6%)',
    sm: '0 1px 3px rgb(15 23 42 / 8%), 0 1px 2px rgb(15 23 42 / 4%)',
    md: '0 6px 16px -4px rgb(15 23 42 / 10%), 0 2px 6px -2px rgb(15 23 42 / 6%)',
    lg: '0 16px 32px -12px rgb(15 23 42 / 16%), 0 4px 10px -4px rgb(15 23 42 / 6%)',
    xl: '0 28px 56px -20px rgb(15 23 42 / 24%)',
  },
  headings: {
    fontFamily,
    fontWeight: '800',
    sizes: {
      h1: { fontSize: 'clamp(1.75rem, 1.2rem + 2.4vw, 2.75rem)', lineHeight: '1.35' },
      h2: { fontSize: 'clamp(1.4rem, 1.1rem + 1.2vw, 2rem)', lineHeight: '1.4' },
      h3: { fontSize: '1.25rem', lineHeight: '1.5' },
      h4: { fontSize: '1.1rem', lineHeight: '1.5' },
    },
  },
  // Persian script needs more line height than Latin to keep dots and descenders clear.
  lineHeights: { xs: '1.6', sm: '1.7', md: '1.8', lg: '1.8', xl: '1.8' },
  // A ring on keyboard focus (:focus-visible), never removed; global.css gives the same ring to
  // links and controls styled by hand, and makes secondary and coloured text readable (AA).
  focusRing: 'auto',
  components: {
    Button: Button.extend({ defaultProps: { radius: 'md' } }),
    Card: Card.extend({ defaultProps: { radius: 'lg', withBorder: true, padding: 'lg' } }),
    Container: Container.extend({ defaultProps: { size: 'lg' } }),
  },
});
