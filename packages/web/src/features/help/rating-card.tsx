import { Alert, Button, Card, Input, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { HELP_LIMITS, rateBodySchema } from '@portal/contract';
import type { HelpDocument } from '@portal/contract';
import { currentLocale, translateValidation } from '../../i18n/i18n';
import { formatDate } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import { useRateDocument } from './api';

/**
 * The reader's own rating: 1-5 stars and optional feedback (the average is under the document's title). A reader who has rated
 * sees their rating and can change it (the server replaces it; the count stays).
 */
export function RatingCard({ doc }: { doc: HelpDocument }) {
  const { t } = useTranslation();
  const mine = doc.my_rating;
  const [stars, setStars] = useState(mine?.rating ?? 0);
  const [feedback, setFeedback] = useState(mine?.feedback ?? '');
  const [error, setError] = useState<string | null>(null);
  const rate = useRateDocument(doc.id);

  const submit = () => {
    setError(null);
    if (stars < HELP_LIMITS.ratingMin) {
      setError(t('help.rate.pickStars'));
      return;
    }
    const checked = rateBodySchema.safeParse({ rating: stars, feedback });
    if (!checked.success) {
      setError(translateValidation(checked.error.issues[0]?.message) ?? t('help.rate.failed'));
      return;
    }
    const wasRated = mine !== null;
    rate.mutate(
      { rating: stars, feedback },
      {
        onSuccess: () => notify.success(wasRated ? t('help.rate.updated') : t('help.rate.saved')),
        onError: (err) => setError(err.message || t('help.rate.failed')),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="help-rating-card">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('help.rate.title')}
        </Title>
        {mine ? (
          <Text size="sm" data-testid="help-my-rating">
            {t('help.rate.yours', { rating: mine.rating })}
            <Text span size="xs" c="dimmed">
              {' · '}
              {t('help.rate.ratedAt', { date: formatDate(mine.rated_at, currentLocale()) })}
            </Text>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('help.rate.hint')}
          </Text>
        )}
        <div>
          <Input.Label labelElement="div" display="block" mb={4} id="help-rate-stars">
            {t('help.rate.stars')}
          </Input.Label>
          <Rating
            value={stars}
            onChange={(value) => {
              setStars(value);
              setError(null);
            }}
            size="lg"
            aria-labelledby="help-rate-stars"
            getSymbolLabel={(value) => t('help.rate.starLabel', { count: value })}
            data-testid="help-rate-stars"
          />
        </div>
        <Textarea
          label={t('help.rate.feedback')}
          placeholder={t('help.rate.feedbackPlaceholder')}
          value={feedback}
          onChange={(event) => setFeedback(event.currentTarget.value)}
          maxLength={HELP_LIMITS.feedbackMax}
          rows={3}
          description={t('help.rate.feedbackCount', {
            count: feedback.length,
            max: HELP_LIMITS.feedbackMax,
          })}
          data-testid="help-rate-feedback"
        />
        {error && (
          <Alert color="red" role="alert" data-testid="help-rate-error">
            {error}
          </Alert>
        )}
        <Button onClick={submit} loading={rate.isPending} data-testid="help-rate-submit">
          {mine ? t('help.rate.update') : t('help.rate.submit')}
        </Button>
      </Stack>
    </Card>
  );
}
