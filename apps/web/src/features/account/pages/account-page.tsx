import { Button, Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate } from 'react-router';
import { useSession } from '../../../lib/app-session';
import { PageLoader } from '../../../ui/page-loader';
import { useUserInfo } from '../api/get-user-info';
import { AccountSummary } from '../components/account-summary';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { SessionsList } from '../components/sessions-list';

export function AccountPage() {
  useDocumentTitle('حساب کاربری | ویترین');
  const session = useSession();

  if (session.status === 'starting') return <PageLoader />;
  if (session.status === 'signed-out') return <Navigate to="/sign-in?next=/account" replace />;
  return <SignedInAccount userId={session.identity.id} />;
}

function SignedInAccount({ userId }: { userId: string }) {
  const userInfo = useUserInfo(userId);
  const user = userInfo.data;

  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      {userInfo.isError && !user ? (
        <Stack align="center" gap="md" py="xl" ta="center">
          <Title order={1} size="h2">
            حساب کاربری
          </Title>
          <Text c="dimmed">مشخصات حساب‌تان بارگذاری نشد.</Text>
          <Button variant="light" onClick={() => userInfo.refetch()} loading={userInfo.isFetching}>
            تلاش دوباره
          </Button>
        </Stack>
      ) : user ? (
        <Stack gap="xl">
          <AccountSummary
            mobileNumber={user.mobileNumber}
            ordersCount={user.ordersCount}
            servicesCount={user.servicesCount}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ProfileForm
              key={user.id}
              userId={userId}
              firstName={user.firstName}
              lastName={user.lastName}
              email={user.email}
            />
            <PasswordForm userId={userId} hasPassword={user.hasPassword} />
          </SimpleGrid>
          <SessionsList userId={userId} />
        </Stack>
      ) : (
        <Stack gap="lg" aria-busy="true" aria-label="در حال بارگذاری حساب">
          <Skeleton height={40} width={240} />
          <Skeleton height={24} width={200} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Skeleton height={320} />
            <Skeleton height={320} />
          </SimpleGrid>
        </Stack>
      )}
    </Container>
  );
}
