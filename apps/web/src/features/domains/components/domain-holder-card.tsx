import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DOMAIN_CONTACT_KIND_LABELS } from '@vitrin/contracts';
import { type FormEvent, useId, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-error';
import { showSuccessToast } from '../../../lib/toast';
import { useUserInfo } from '../../../lib/user-info';
import { LoadFailedLine } from '../../../ui/load-failed';
import { MobileNumber } from '../../../ui/mobile-number';
import { type DomainContact, useDomainContact } from '../api/get-domain-contact';
import { useSaveDomainContact } from '../api/save-domain-contact';
import {
  type ContactDraft,
  emptyContactDraft,
  fromContactDraft,
  phoneAsTyped,
  toContactDraft,
} from '../utils/contact-draft';
import { DomainContactFields } from './domain-contact-fields';

interface DomainHolderCardProps {
  userId: string;
  /**
   * Why the holder's details are asked for now: the server's refusal of an order without them,
   * shown (and the card marked) until they are saved.
   */
  refusal?: string | null;
}

/**
 * The domain holder's details (issue 38), one set for all the person's domains: a form until
 * they are on file, then one line with «ویرایش». In the cart before a domain is ordered, and in
 * the panel's domains page.
 */
export function DomainHolderCard({ userId, refusal = null }: DomainHolderCardProps) {
  const titleId = useId();
  const contact = useDomainContact(userId);
  const [editing, setEditing] = useState(false);
  const saved = contact.data?.contact;
  const missing = saved === null;
  const marked = missing && refusal !== null;

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      withBorder
      style={marked ? { borderColor: 'var(--mantine-color-red-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={titleId}>
            مشخصات دارندهٔ دامنه
          </Title>
          <Text size="sm" c="dimmed">
            دامنه به نام این شخص نزد ثبت‌کننده ثبت می‌شود؛ برای همهٔ دامنه‌های شما یک بار کافی است.
          </Text>
        </Stack>
        {marked && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        {contact.isError ? (
          <LoadFailedLine message="مشخصات دارندهٔ دامنه بارگذاری نشد." query={contact} />
        ) : saved === undefined ? (
          <Skeleton height={72} aria-label="در حال بارگذاری مشخصات دارندهٔ دامنه" />
        ) : saved === null || editing ? (
          <ContactForm
            userId={userId}
            saved={saved}
            onDone={() => setEditing(false)}
            onCancel={saved ? () => setEditing(false) : undefined}
          />
        ) : (
          <Group justify="space-between" gap="sm" wrap="nowrap" align="center">
            <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {contactSummary(saved)}
            </Text>
            <Button
              variant="light"
              size="xs"
              style={{ flex: 'none' }}
              onClick={() => setEditing(true)}
              aria-label="ویرایش مشخصات دارندهٔ دامنه"
            >
              ویرایش
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * «Sara Mohammadi · شخص حقیقی ایرانی · sara@example.com · ۰۹۱۲ ۱۲۳ ۴۵۶۷»: the Latin parts left
 * to right, and each part kept whole, so a narrow screen wraps between them with the dots.
 */
function contactSummary(contact: DomainContact) {
  const holder = contact.kind === 'company' ? (contact.organisation ?? contact.name) : contact.name;
  const iranianMobile = /^\+98\.?(9\d{9})$/.exec(contact.phone)?.[1];
  const parts = [
    <bdi key="holder" dir="ltr">
      {holder}
    </bdi>,
    DOMAIN_CONTACT_KIND_LABELS[contact.kind],
    <bdi key="email" dir="ltr">
      {contact.email}
    </bdi>,
    iranianMobile ? (
      <MobileNumber key="phone" mobile={`+98${iranianMobile}`} />
    ) : (
      <bdi key="phone" dir="ltr">
        {phoneAsTyped(contact.phone)}
      </bdi>
    ),
  ];
  return parts.map((part, index) => (
    <span
      key={typeof part === 'string' ? part : part.key}
      style={{ display: 'inline-block', maxWidth: '100%' }}
    >
      {part}
      {index < parts.length - 1 && <>&nbsp;·&nbsp;</>}
    </span>
  ));
}

interface ContactFormProps {
  userId: string;
  saved: DomainContact | null;
  onDone: () => void;
  /** Given when there is something to go back to. */
  onCancel?: () => void;
}

function ContactForm({ userId, saved, onDone, onCancel }: ContactFormProps) {
  const user = useUserInfo(userId).data;
  const [draft, setDraft] = useState<ContactDraft | null>(null);
  const save = useSaveDomainContact(userId);
  // The person's own mobile and e-mail are offered until they type their own.
  const shown =
    draft ??
    (saved
      ? toContactDraft(saved)
      : emptyContactDraft({
          email: user?.email ?? '',
          phone: user?.mobileNumber ? phoneAsTyped(user.mobileNumber) : '',
        }));
  // A refusal that names no field (the server's whole message) shows above the button.
  const wholeMessage =
    save.error instanceof ApiRequestError && !save.error.fields ? save.error.message : null;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await save.mutateAsync(fromContactDraft(shown));
    } catch {
      return; // The fields say what is wrong.
    }
    showSuccessToast('مشخصات دارندهٔ دامنه ذخیره شد');
    onDone();
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="فرم مشخصات دارندهٔ دامنه">
      <Stack gap="md">
        <DomainContactFields value={shown} onChange={setDraft} error={save.error} />
        {wholeMessage && (
          <Text size="sm" c="red.8" role="alert">
            {wholeMessage}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            ذخیرهٔ مشخصات دارنده
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              انصراف
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
