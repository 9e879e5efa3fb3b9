import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { PlusIcon } from '../../../ui/icons';

/** A list page's main action: the link to the form for a new record («محصول تازه»). */
export function NewRecordButton({ to, label }: { to: string; label: string }) {
  return (
    <Button component={Link} to={to} leftSection={<PlusIcon size={18} />}>
      {label}
    </Button>
  );
}
