import { Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { lazy, Suspense, useState } from 'react';
import { NavLink } from 'react-router';
import { CartIcon } from '../../ui/icons';
import navLink from './nav-link.module.css';
import { CountBadge, NavLinkLabel } from './nav-link-label';
import { CART_PATH, useNavItems } from './nav-links';
import { RouteProgress } from './route-progress';
import classes from './site-header.module.css';
import { Wordmark } from './wordmark';

// The drawer brings a focus trap, a scroll lock and a scroll area, a large share of the first
// page's JavaScript that only phone users who open the menu need.
const MobileMenu = lazy(() =>
  import('./mobile-menu').then((module) => ({ default: module.MobileMenu })),
);

const MENU_ID = 'site-menu';

export function SiteHeader() {
  const [menuOpened, menu] = useDisclosure(false);
  const [menuRequested, setMenuRequested] = useState(false);
  const navItems = useNavItems();
  const hasNews = navItems.some((item) => item.hasNews);
  const cartCount = navItems.find((item) => item.to === CART_PATH)?.count ?? 0;

  const toggleMenu = () => {
    setMenuRequested(true);
    menu.toggle();
  };

  return (
    <header className={classes.header}>
      {/* In the header's landmark, not a portal outside every landmark (issue 22). */}
      <RouteProgress />
      <Container className={classes.inner}>
        <Wordmark />

        <nav aria-label="منوی اصلی" className={classes.desktopNav}>
          <Group gap={4} wrap="nowrap">
            {navItems.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.to === '/'}
                className={`${navLink.quiet} ${navLink.current} ${classes.link}`}
              >
                <NavLinkLabel item={item} />
              </NavLink>
            ))}
          </Group>
        </nav>

        <div className={classes.phoneActions}>
          <NavLink
            to={CART_PATH}
            className={classes.phoneCart}
            aria-label={cartCount > 0 ? `سبد خرید، ${toPersianDigits(cartCount)} قلم` : 'سبد خرید'}
          >
            <CartIcon size={24} />
            {cartCount > 0 && <CountBadge count={cartCount} />}
          </NavLink>
          <Box className={classes.burgerWrap}>
            <Burger
              opened={menuOpened}
              onClick={toggleMenu}
              size="sm"
              aria-label={menuOpened ? 'بستن منو' : 'باز کردن منو'}
              aria-expanded={menuOpened}
              aria-controls={MENU_ID}
            />
            {/* Only a hint to open the menu; the link inside says it in words. */}
            {hasNews && !menuOpened && <span className={classes.burgerDot} aria-hidden="true" />}
          </Box>
        </div>
      </Container>

      {menuRequested && (
        <Suspense fallback={null}>
          <MobileMenu id={MENU_ID} items={navItems} opened={menuOpened} onClose={menu.close} />
        </Suspense>
      )}
    </header>
  );
}
