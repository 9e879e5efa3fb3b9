import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DOMAIN_NAMESERVERS_MAX, DOMAIN_NAMESERVERS_MIN } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-error';
import { fieldError } from '../../../lib/field-error';
import { showSuccessToast } from '../../../lib/toast';
import { PlusIcon } from '../../../ui/icons';
import { useSetDomainNameservers } from '../api/set-domain-nameservers';

interface DomainNameserversFormProps {
  userId: string;
  domainId: string;
  nameservers: readonly string[];
  /** The company's nameservers for the domain: one click puts them back in the boxes. */
  defaultNameservers: readonly string[];
  /** Only a domain its registry holds for us (active, or expired in its grace) can be changed. */
  editable: boolean;
}

/** The boxes shown: those on file, and empty ones up to the fewest a registry takes. */
function boxesFor(nameservers: readonly string[]): string[] {
  const boxes = [...nameservers];
  while (boxes.length < DOMAIN_NAMESERVERS_MIN) boxes.push('');
  return boxes;
}

/**
 * The domain's nameservers at its registry (2 to 4, RFC 5731 leaves the count to policy): one
 * box each, a box more up to the most, and a save that the registry answers before it is said.
 */
export function DomainNameserversForm({
  userId,
  domainId,
  nameservers,
  defaultNameservers,
  editable,
}: DomainNameserversFormProps) {
  const [draft, setDraft] = useState<string[] | null>(null);
  const save = useSetDomainNameservers(userId);
  const boxes = draft ?? boxesFor(nameservers);
  const typed = boxes.map((box) => box.trim().toLowerCase()).filter(Boolean);
  const showsDefaults =
    defaultNameservers.length === 0 || JSON.stringify(typed) === JSON.stringify(defaultNameservers);
  const changed =
    draft !== null &&
    JSON.stringify(draft.map((box) => box.trim()).filter(Boolean)) !== JSON.stringify(nameservers);
  // A message about the list as a whole (too few, a repeat) or the registry's refusal.
  const listMessage =
    fieldError(save.error, 'nameservers') ??
    (save.error instanceof ApiRequestError && !save.error.fields ? save.error.message : undefined);

  if (!editable) {
    // Not held for us yet (or any more): what the registry has, if anything, and no boxes.
    return (
      <Card component="section" aria-labelledby="domain-nameservers-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="domain-nameservers-title">
            نام‌سرورها
          </Title>
          {nameservers.length > 0 && (
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {nameservers.map((nameserver) => (
                <Text key={nameserver} component="li" size="sm">
                  <bdi dir="ltr">{nameserver}</bdi>
                </Text>
              ))}
            </Stack>
          )}
          <Text size="sm" c="dimmed">
            نام‌سرورها پس از فعال شدن دامنه تغییرپذیرند.
          </Text>
        </Stack>
      </Card>
    );
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await save.mutateAsync({
        id: domainId,
        nameservers: boxes.map((box) => box.trim()).filter((box) => box !== ''),
      });
    } catch {
      return; // The boxes say what is wrong.
    }
    setDraft(null);
    showSuccessToast('نام‌سرورها در ثبت‌کننده تغییر کرد');
  };

  return (
    <Card component="section" aria-labelledby="domain-nameservers-title">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h4" id="domain-nameservers-title">
              نام‌سرورها
            </Title>
            <Text size="sm" c="dimmed">
              دامنه به این نام‌سرورها اشاره می‌کند؛ {toPersianDigits(DOMAIN_NAMESERVERS_MIN)} تا{' '}
              {toPersianDigits(DOMAIN_NAMESERVERS_MAX)} نام‌سرور بنویسید. تغییر تا ۲۴ ساعت طول می‌کشد
              تا همه‌جا دیده شود.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {boxes.map((box, index) => (
              <TextInput
                // The boxes are only added at the end and never reordered.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                label={`نام‌سرور ${toPersianDigits(index + 1)}`}
                placeholder={`ns${index + 1}.example.ir`}
                dir="ltr"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                inputMode="url"
                maxLength={253}
                required={index < DOMAIN_NAMESERVERS_MIN}
                value={box}
                onChange={(event) => {
                  const next = [...boxes];
                  next[index] = event.currentTarget.value;
                  setDraft(next);
                }}
                error={fieldError(save.error, `nameservers.${index}`)}
              />
            ))}
          </SimpleGrid>
          {listMessage && (
            <Text size="sm" c="red.8" role="alert">
              {listMessage}
            </Text>
          )}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending} disabled={!changed}>
              ذخیرهٔ نام‌سرورها
            </Button>
            {boxes.length < DOMAIN_NAMESERVERS_MAX && (
              <Button
                variant="subtle"
                leftSection={<PlusIcon size={18} />}
                onClick={() => setDraft([...boxes, ''])}
              >
                نام‌سرور دیگر
              </Button>
            )}
            {!showsDefaults && (
              <Button
                variant="subtle"
                onClick={() => {
                  setDraft(boxesFor(defaultNameservers));
                  save.reset();
                }}
              >
                نام‌سرورهای ویترین
              </Button>
            )}
            {draft !== null && (
              <Button
                variant="default"
                onClick={() => {
                  setDraft(null);
                  save.reset();
                }}
                disabled={save.isPending}
              >
                انصراف
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
