import { Avatar, Card, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { LogoutButton } from '../../features/account/components/logout-button';
import { SignedInUserContext } from '../../lib/signed-in-user';
import { displayName, useUserInfo } from '../../lib/user-info';
import { MobileNumber } from '../../ui/mobile-number';
import { SideNavLayout } from '../../ui/side-nav-layout';
import { LayoutOutlet, SignedInOnly } from '../../ui/signed-in-only';
import { NavLinkLabel } from './nav-link-label';
import { usePanelNavItems } from './panel-nav-items';

const NAV_LABEL = 'منوی پنل کاربری';

/**
 * The customer panel (issue 6): every `/account/*` page renders inside it. It guards the session
 * once, so the pages under it only read the person's id (lib/signed-in-user.ts), and it keeps the
 * panel's sections in view: a side column from md up, a tab bar under the header below.
 */
export function PanelLayout() {
  return <SignedInOnly>{(userId) => <SignedInPanel userId={userId} />}</SignedInOnly>;
}

function SignedInPanel({ userId }: { userId: string }) {
  const items = usePanelNavItems().map((item) => ({
    to: item.to,
    end: item.end,
    icon: item.icon,
    label: <NavLinkLabel item={item} />,
  }));

  return (
    <SignedInUserContext value={userId}>
      <SideNavLayout
        navLabel={NAV_LABEL}
        asideLabel="پنل کاربری"
        items={items}
        identity={<UserCard userId={userId} />}
        footer={
          <>
            <Divider />
            <LogoutButton variant="subtle" justify="flex-start" fullWidth />
          </>
        }
      >
        {/* Here too, so a page that fails leaves the panel's sections in place. */}
        <LayoutOutlet />
      </SideNavLayout>
    </SignedInUserContext>
  );
}

/** Who is signed in: name (once given) and mobile number. */
function UserCard({ userId }: { userId: string }) {
  const user = useUserInfo(userId).data;
  const name = user ? displayName(user) : null;

  return (
    <Card padding="md">
      <Group gap="sm" wrap="nowrap">
        <Avatar color="brand" radius="xl" aria-hidden="true">
          {name ? name.slice(0, 1) : null}
        </Avatar>
        {user ? (
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} size="sm" truncate>
              {name ?? 'کاربر ویترین'}
            </Text>
            <Text size="sm" c="dimmed">
              <MobileNumber mobile={user.mobileNumber} />
            </Text>
          </Stack>
        ) : (
          <Stack gap={6} style={{ flex: 1 }} aria-hidden="true">
            <Skeleton height={12} width="70%" />
            <Skeleton height={12} width="50%" />
          </Stack>
        )}
      </Group>
    </Card>
  );
}
