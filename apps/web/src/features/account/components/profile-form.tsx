import { Alert, Button, Card, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/field-error';
import { useRedDot } from '../../../lib/red-dots';
import { showSuccessToast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';

interface ProfileFormProps {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** The server clears a field on null, not on an empty string. */
function orNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function ProfileForm({ userId, ...saved }: ProfileFormProps) {
  const update = useUpdateProfile(userId);
  const profileIncomplete = useRedDot('profile-incomplete') > 0;
  const [firstName, setFirstName] = useState(saved.firstName ?? '');
  const [lastName, setLastName] = useState(saved.lastName ?? '');
  const [email, setEmail] = useState(saved.email ?? '');

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await update.mutateAsync({
        firstName: orNull(firstName),
        lastName: orNull(lastName),
        email: orNull(email),
      });
      showSuccessToast('مشخصات ذخیره شد');
    } catch {
      // callApi has told the person; the fields show what was wrong.
    }
  };

  return (
    <Card>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            مشخصات
          </Title>
          {profileIncomplete && (
            <Alert color="amber" variant="light" c="amber.9">
              نام‌تان را هنوز وارد نکرده‌اید؛ لطفا نام و نام خانوادگی‌تان را کامل کنید.
            </Alert>
          )}
          <TextInput
            label="نام"
            autoComplete="given-name"
            value={firstName}
            onChange={(event) => setFirstName(event.currentTarget.value)}
            error={fieldError(update.error, 'firstName')}
            maxLength={60}
          />
          <TextInput
            label="نام خانوادگی"
            autoComplete="family-name"
            value={lastName}
            onChange={(event) => setLastName(event.currentTarget.value)}
            error={fieldError(update.error, 'lastName')}
            maxLength={60}
          />
          <TextInput
            label="ایمیل"
            type="email"
            dir="ltr"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldError(update.error, 'email')}
            maxLength={254}
          />
          <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
            ذخیرهٔ مشخصات
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
