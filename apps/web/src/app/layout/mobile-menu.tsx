import { Drawer, Stack } from '@mantine/core';
import { NavLink } from 'react-router';
import { navItems } from './nav-links';
import classes from './site-header.module.css';
import { Wordmark } from './wordmark';

interface MobileMenuProps {
  id: string;
  opened: boolean;
  onClose: () => void;
}

/** The phone menu: the header's links in a drawer from the right, the side Persian reads from. */
export function MobileMenu({ id, opened, onClose }: MobileMenuProps) {
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
          {navItems.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === '/'}
              className={classes.drawerLink}
              onClick={onClose}
            >
              {item.label}
            </NavLink>
          ))}
        </Stack>
      </nav>
    </Drawer>
  );
}
