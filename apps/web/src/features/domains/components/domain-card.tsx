import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { GlobeIcon } from '../../../ui/icons';
import { ListCard, NameLink } from '../../../ui/list-card';
import type { UserDomain } from '../api/get-user-domains';
import { domainPath } from '../utils/domain-paths';
import classes from './domain-card.module.css';
import { DomainExpiry } from './domain-expiry';
import { DomainStatusBadge, ExpiringBadge } from './domain-status-badge';

/** One domain in the list: its name, state, expiry and auto-renew, and its page. */
export function DomainCard({ domain }: { domain: UserDomain }) {
  return (
    <ListCard label={domain.name}>
      <div className={classes.grid}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <GlobeIcon size={24} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <NameLink to={domainPath(domain.id)}>
              <bdi dir="ltr">{domain.name}</bdi>
            </NameLink>
            <Text size="sm" c="dimmed">
              تمدید خودکار: {domain.autoRenew ? 'روشن' : 'خاموش'}
            </Text>
          </Stack>
        </Group>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Stack gap={6} align="flex-start">
            <DomainStatusBadge status={domain.status} />
            {domain.expiring && <ExpiringBadge />}
          </Stack>
          <DomainExpiry domain={domain} />
        </Group>
        <div className={classes.actions}>
          <Button
            component={Link}
            to={domainPath(domain.id)}
            size="sm"
            variant="default"
            aria-label={`مدیریت ${domain.name}`}
          >
            مدیریت دامنه
          </Button>
        </div>
      </div>
    </ListCard>
  );
}
