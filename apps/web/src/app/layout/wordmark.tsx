import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './wordmark.module.css';

export function Wordmark({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/" className={classes.link} onClick={onNavigate} aria-label="ویترین، صفحه اصلی">
      <Group gap={8} wrap="nowrap">
        <svg className={classes.mark} viewBox="0 0 64 64" aria-hidden="true">
          <rect width="64" height="64" rx="14" fill="currentColor" />
          <path d="M12 22h40l-4 28a4 4 0 0 1-4 3.5H20a4 4 0 0 1-4-3.5z" fill="#f0fdfa" />
          <path
            d="M22 22v-3a10 10 0 0 1 20 0v3"
            fill="none"
            stroke="#f0fdfa"
            strokeWidth="4"
            strokeLinecap="round"
          />
          <path
            d="M24 32l8 12 8-12"
            fill="none"
            stroke="currentColor"
            strokeWidth="4.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <Text component="span" className={classes.text}>
          ویترین
        </Text>
      </Group>
    </Link>
  );
}
