import {
  Button,
  Card,
  Input,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  SERVICE_STATUS_LABELS,
  TICKET_DEPARTMENT_LABELS,
  TICKET_DEPARTMENTS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_SUBJECT_MAX_LENGTH,
  type TicketDepartment,
  type TicketPriority,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fieldError } from '../../../lib/field-error';
import { PANEL_PATH, TICKETS_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { showSuccessToast } from '../../../lib/toast';
import { readChoice } from '../../../lib/url-params';
import { useAttachmentUploads } from '../../../lib/use-attachment-uploads';
import { LoadFailedLine } from '../../../ui/load-failed';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { useServiceChoices } from '../api/get-service-choices';
import { useSubmitTicket } from '../api/submit-ticket';
import { MessageFields } from '../components/message-fields';
import { MessageSubmit } from '../components/message-submit';
import { listFieldError } from '../utils/form-errors';
import { ticketPath } from '../utils/paths';

const departmentOptions = TICKET_DEPARTMENTS.map((department) => ({
  value: department,
  label: TICKET_DEPARTMENT_LABELS[department],
}));

const priorityOptions = TICKET_PRIORITIES.map((priority) => ({
  value: priority,
  label: TICKET_PRIORITY_LABELS[priority],
}));

function isDepartment(value: string | null): value is TicketDepartment {
  return TICKET_DEPARTMENTS.some((department) => department === value);
}

function isPriority(value: string): value is TicketPriority {
  return TICKET_PRIORITIES.some((priority) => priority === value);
}

/** A new support ticket; `?serviceId=` (from a service's page) chooses its related service. */
export function NewTicketPage() {
  useDocumentTitle('تیکت تازه | ویترین');
  const userId = useSignedInUserId();

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[
          { label: 'پیشخوان', to: PANEL_PATH },
          { label: 'تیکت‌های پشتیبانی', to: TICKETS_PATH },
          { label: 'تیکت تازه' },
        ]}
        title="تیکت تازه"
        description="پرسش یا مشکل‌تان را بنویسید؛ پاسخ پشتیبانی را در همین بخش می‌بینید."
      />
      <NewTicketForm userId={userId} />
    </Stack>
  );
}

function NewTicketForm({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const submit = useSubmitTicket(userId);
  const uploads = useAttachmentUploads();
  const [department, setDepartment] = useState<TicketDepartment | null>(null);
  const [priority, setPriority] = useState<TicketPriority>('normal');
  // Undefined until the person picks (or clears) one: the address's service is the default.
  const [serviceChoice, setServiceChoice] = useState<string | null | undefined>(undefined);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [departmentProblem, setDepartmentProblem] = useState<string | null>(null);
  const priorityLabelId = useId();

  const services = useServiceChoices(userId);
  const serviceItems = services.data?.items ?? [];
  const requestedServiceId = readChoice(params, 'serviceId');
  // A service from the address counts only if it is one of the person's own.
  const serviceId =
    serviceChoice !== undefined
      ? serviceChoice
      : serviceItems.some((service) => service.id === requestedServiceId)
        ? requestedServiceId
        : null;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploads.uploading) return;
    if (department === null) {
      setDepartmentProblem('بخشی را که پرسش‌تان به آن مربوط است انتخاب کنید');
      return;
    }
    try {
      const ticket = await submit.mutateAsync({
        department,
        priority,
        serviceId,
        subject,
        body,
        attachmentIds: uploads.attachmentIds,
      });
      showSuccessToast(`تیکت شمارهٔ ${toPersianDigits(ticket.number)} ثبت شد`);
      navigate(ticketPath(ticket.id));
    } catch {
      // The server's message is in the toast, and beside each field it is about.
    }
  };

  return (
    <Card>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="بخش"
              placeholder="انتخاب کنید"
              required
              data={departmentOptions}
              value={department}
              allowDeselect={false}
              onChange={(value) => {
                setDepartment(isDepartment(value) ? value : null);
                setDepartmentProblem(null);
              }}
              error={departmentProblem ?? fieldError(submit.error, 'department')}
              comboboxProps={{ withinPortal: true }}
            />
            <Input.Wrapper
              label="اولویت"
              labelElement="div"
              labelProps={{ id: priorityLabelId }}
              error={fieldError(submit.error, 'priority')}
            >
              <SegmentedControl
                fullWidth
                data={priorityOptions}
                value={priority}
                onChange={(value) => {
                  if (isPriority(value)) setPriority(value);
                }}
                aria-labelledby={priorityLabelId}
              />
            </Input.Wrapper>
          </SimpleGrid>
          <ServicePicker
            services={services}
            serviceId={serviceId}
            onChange={setServiceChoice}
            error={fieldError(submit.error, 'serviceId')}
          />
          <TextInput
            label="موضوع"
            placeholder="مثلا: فعال نشدن گواهی SSL دامنه"
            required
            maxLength={TICKET_SUBJECT_MAX_LENGTH}
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
            error={fieldError(submit.error, 'subject')}
            styles={{ input: { unicodeBidi: 'plaintext' } }}
          />
          <MessageFields
            label="شرح درخواست"
            placeholder="هر چه دقیق‌تر بنویسید (نشانی سایت، پیام خطا، زمان رخ دادن)، زودتر به نتیجه می‌رسیم."
            body={body}
            onBodyChange={setBody}
            bodyError={fieldError(submit.error, 'body')}
            uploads={uploads}
            attachmentsError={listFieldError(submit.error, 'attachmentIds')}
            disabled={submit.isPending}
          />
          <MessageSubmit
            label="ثبت تیکت"
            size="md"
            sending={submit.isPending}
            uploading={uploads.uploading}
          >
            <Button component={Link} to={TICKETS_PATH} variant="subtle" color="gray">
              انصراف
            </Button>
          </MessageSubmit>
        </Stack>
      </form>
    </Card>
  );
}

interface ServicePickerProps {
  services: ReturnType<typeof useServiceChoices>;
  serviceId: string | null;
  onChange: (serviceId: string | null) => void;
  error?: string;
}

/** The related service, optional; left out for a person without services. */
function ServicePicker({ services, serviceId, onChange, error }: ServicePickerProps) {
  const label = 'سرویس مرتبط (اختیاری)';
  if (services.isError && !services.data) {
    return (
      <LoadFailedLine
        quiet
        message="فهرست سرویس‌هایتان بارگذاری نشد؛ می‌توانید تیکت را بدون سرویس مرتبط بفرستید."
        query={services}
      />
    );
  }
  if (!services.data) {
    return <Select label={label} placeholder="در حال بارگذاری سرویس‌ها…" data={[]} disabled />;
  }
  if (services.data.items.length === 0) return null;

  const options = services.data.items.map((service) => ({
    value: service.id,
    label:
      service.status === 'active'
        ? service.name
        : `${service.name} (${SERVICE_STATUS_LABELS[service.status]})`,
  }));
  return (
    <Select
      label={label}
      description="اگر پرسش‌تان دربارهٔ یکی از سرویس‌هایتان است، آن را انتخاب کنید."
      placeholder="بدون سرویس مرتبط"
      data={options}
      value={serviceId}
      onChange={onChange}
      clearable
      searchable={options.length > 8}
      nothingFoundMessage="سرویسی با این نام ندارید"
      error={error}
      comboboxProps={{ withinPortal: true }}
      clearButtonProps={{ 'aria-label': 'برداشتن سرویس مرتبط' }}
    />
  );
}
