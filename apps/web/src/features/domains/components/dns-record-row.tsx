import { Badge, Button, NativeSelect, Text, TextInput } from '@mantine/core';
import { DNS_RECORD_TYPES, type DnsRecordType } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { LatinIsolated } from '../../../ui/latin-isolated';
import { DNS_CONTENT_HINTS, type DnsRow, type DnsRowErrors } from '../utils/dns-records';
import classes from './dns-records.module.css';

interface DnsRecordRowProps {
  row: DnsRow;
  index: number;
  errors: DnsRowErrors | undefined;
  /** Shown while the record is being written: the form its type's content takes. */
  withHint: boolean;
  /** Written by provisioning for the domain's hosting account, and still as it wrote it. */
  fromHosting?: boolean;
  onChange: (change: Partial<Omit<DnsRow, 'key'>>) => void;
  onRemove: () => void;
}

/** Boxes shared by every field: Latin text typed as it is, left to right. */
const latinBox = {
  dir: 'ltr',
  autoComplete: 'off',
  autoCapitalize: 'none',
  spellCheck: false,
  classNames: { label: classes.label },
} as const;

/** The server's words, its Latin (CNAME, a host) read left to right in place. */
function shown(message: string | undefined) {
  return message ? <LatinIsolated text={message} /> : undefined;
}

/** One record in the editor: its name, type, TTL and content, each with the server's problem. */
export function DnsRecordRow({
  row,
  index,
  errors,
  withHint,
  fromHosting = false,
  onChange,
  onRemove,
}: DnsRecordRowProps) {
  const number = toPersianDigits(index + 1);
  const hint = DNS_CONTENT_HINTS[row.type];

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's legend would repeat the heads
    <div className={classes.row} role="group" aria-label={`رکورد ${number}`} data-row-key={row.key}>
      <TextInput
        {...latinBox}
        className={classes.name}
        label="نام"
        placeholder="@"
        maxLength={253}
        value={row.name}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        error={shown(errors?.name)}
        description={
          fromHosting ? (
            <Badge component="span" size="xs" variant="light" color="teal" radius="sm">
              از هاست
            </Badge>
          ) : undefined
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <NativeSelect
        className={classes.type}
        classNames={{ label: classes.label }}
        label="نوع"
        value={row.type}
        onChange={(event) => onChange({ type: event.currentTarget.value as DnsRecordType })}
        data={[...DNS_RECORD_TYPES]}
        error={shown(errors?.type)}
      />
      <TextInput
        {...latinBox}
        className={classes.ttl}
        label="TTL (ثانیه)"
        inputMode="numeric"
        maxLength={9}
        value={row.ttl}
        onChange={(event) => onChange({ ttl: event.currentTarget.value })}
        error={shown(errors?.ttl)}
      />
      <TextInput
        {...latinBox}
        className={classes.content}
        label="مقدار"
        placeholder={hint.example}
        maxLength={4096}
        value={row.content}
        onChange={(event) => onChange({ content: event.currentTarget.value })}
        description={
          withHint ? (
            <>
              {hint.form} مانند <bdi dir="ltr">{hint.example}</bdi>
            </>
          ) : undefined
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        error={shown(errors?.content ?? errors?.record)}
      />
      <Button
        className={classes.actions}
        variant="subtle"
        color="red"
        onClick={onRemove}
        aria-label={`حذف رکورد ${number}`}
      >
        حذف
      </Button>
      {errors?.record && errors.content && (
        <Text size="sm" c="red.8" style={{ gridColumn: '1 / -1' }}>
          <LatinIsolated text={errors.record} />
        </Text>
      )}
    </div>
  );
}
