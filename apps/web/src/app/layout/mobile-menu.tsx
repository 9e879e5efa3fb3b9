import { Drawer, Stack } from '@mantine/core';
import { NavLink } from 'react-router';
import { NavLinkLabel } from './nav-link-label';
import type { NavItem } from './nav-links';
import classes from './site-header.module.css';
import { Wordmark } from './wordmark';

interface MobileMenuProps {
  id: string;
  items: readonly NavItem[];
  opened: boolean;
  onClose: () => void;
}

/** The phone menu: the header's links in a drawer from the right, the side Persian reads from. */
export function MobileMenu({ id, items, opened, onClose }: MobileMenuProps) {
  return (
    <Drawer
      id={id}
      opened={opened}
      onClose={onClose}
      // Mantine's drawer sides are logical: in RTL 'left' is the start side, the right edge.
      position="left"
      size="80%"
      hiddenFrom="sm"
      title={<Wordmark onNavigate={onClose} />}
      closeButtonProps={{ 'aria-label': 'بستن منو', title: 'بستن منو' }}
    >
      <nav aria-label="منوی اصلی">
        <Stack gap={4}>
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === '/'}
              className={classes.drawerLink}
              onClick={onClose}
            >
              <NavLinkLabel item={item} />
            </NavLink>
          ))}
        </Stack>
      </nav>
    </Drawer>
  );
}
