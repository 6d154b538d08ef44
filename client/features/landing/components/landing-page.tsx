import { Link } from 'react-router';
import {
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconLock, IconMessageCircle, IconShare } from '@tabler/icons-react';
import { PRODUCT_NAME } from '../../../config/constants';
import classes from './landing-page.module.css';

const highlights = [
  {
    icon: IconLock,
    title: 'Private rooms',
    text: 'Rooms are shared by invitation, and room owners can remove anyone who should not be there.',
  },
  {
    icon: IconMessageCircle,
    title: 'A nickname per room',
    text: 'Be yourself with your friends and someone else with your team.',
  },
  {
    icon: IconShare,
    title: 'Easy to share',
    text: 'Invite friends with a link, an email, a messaging app or a QR code.',
  },
];

/** The home page for visitors: a coloured hero with the tagline and the way in, then highlights. */
export function LandingPage() {
  return (
    <>
      <Box className={classes.hero}>
        <Container size="md" py={120}>
          <Stack align="center" ta="center" gap="lg">
            <Title order={1} fz={{ base: 34, sm: 52 }} lh={1.15}>
              The best way to chat with friends
            </Title>
            <Text size="xl" maw={560}>
              {PRODUCT_NAME} is a secure way to chat with friends: private rooms, real-time messages
              and a nickname for every room.
            </Text>
            <Group justify="center">
              <Button component={Link} to="/register" size="lg">
                Register
              </Button>
              <Button component={Link} to="/login" size="lg" variant="white">
                Login
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="md" py={64}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          {highlights.map(({ icon: Icon, title, text }) => (
            <Stack key={title} gap="xs">
              <ThemeIcon size="lg" radius="md" variant="light" aria-hidden>
                <Icon size={20} />
              </ThemeIcon>
              <Title order={2} size="h4">
                {title}
              </Title>
              <Text c="dimmed">{text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
