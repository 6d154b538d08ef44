import { Box, Text } from '@mantine/core';
import { PRODUCT_NAME } from '../../config/constants';

export function Footer() {
  return (
    <Box component="footer" py="md" px="md" bg="var(--mantine-color-body)">
      <Text size="sm" c="dimmed" ta="center">
        © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved
      </Text>
    </Box>
  );
}
