import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { useUserInfo } from '../../../lib/user-info';
import { LoadFailed } from '../../../ui/load-failed';
import { AccountSummary } from '../components/account-summary';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { SessionsList } from '../components/sessions-list';

/** The panel's account page: profile, password and the account's sessions. */
export function ProfilePage() {
  useDocumentTitle('حساب کاربری | ویترین');
  const userId = useSignedInUserId();
  const userInfo = useUserInfo(userId);
  const user = userInfo.data;

  if (user) {
    return (
      <Stack gap="xl">
        <AccountSummary
          mobileNumber={user.mobileNumber}
          ordersCount={user.ordersCount}
          servicesCount={user.servicesCount}
        />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
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
    );
  }
  if (userInfo.isError) {
    return <LoadFailed titleOrder={1} title="مشخصات حساب‌تان بارگذاری نشد" query={userInfo} />;
  }
  return (
    <Stack gap="lg" aria-busy="true" aria-label="در حال بارگذاری حساب">
      <Skeleton height={40} width={240} />
      <Skeleton height={24} width={200} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Skeleton height={320} />
        <Skeleton height={320} />
      </SimpleGrid>
    </Stack>
  );
}
