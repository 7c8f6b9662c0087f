import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type HotelTarget, hotelOptionsQuery, peopleHotelOf, rememberPeopleHotel } from '../../app/screenQueries';
import { useCurrentUser } from '../../app/user';
import { EmptyState } from '../../components/EmptyState';
import { QueryFailed } from '../../components/QueryFailed';

export interface PeopleHotel {
  /** What the screen's calls add to their body. */
  target: HotelTarget;
  /** The key that starts the screen's lists afresh when the hotel changes. */
  key: string;
  /** The Administrator's hotel picker; null for a hotel user. */
  picker: ReactNode;
  /** What shows instead of the screen while there is no hotel to act on; null once there is one. */
  waiting: ReactNode;
}

/**
 * The hotel a people screen (users, departments) acts on: a hotel user's own; the Administrator
 * picks one (the first by default), kept in the address (`?hotel=`) so a link or a reload keeps it,
 * and remembered for the other people screen reached from the menu.
 */
export function usePeopleHotel(): PeopleHotel {
  const { t } = useTranslation();
  const { guard } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const hotels = useQuery({
    ...hotelOptionsQuery(),
    queryFn: () => hotelOptionsQuery().queryFn(),
    enabled: guard.isAdmin,
  });
  const records = hotels.data?.records ?? [];
  const requested = peopleHotelOf(params);
  const hotelId = records.find((hotel) => hotel.hotel_id === requested)?.hotel_id ?? records[0]?.hotel_id;
  // The hotel shown is the one the next people screen opens on (the users after the departments).
  useEffect(() => {
    if (guard.isAdmin && hotelId !== undefined) rememberPeopleHotel(hotelId);
  }, [guard.isAdmin, hotelId]);
  if (!guard.isAdmin) return { target: {}, key: 'own', picker: null, waiting: null };

  const picker = (
    <Select
      className="rp-filter rp-filter--keyword"
      showSearch
      optionFilterProp="label"
      aria-label={t('users.hotel')}
      placeholder={t('users.hotel')}
      loading={hotels.isPending}
      value={hotelId}
      onChange={(value: number) =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.set('hotel', String(value));
          return next;
        })
      }
      options={records.map((hotel) => ({ value: hotel.hotel_id, label: hotel.hotel_name }))}
    />
  );
  let waiting: ReactNode = null;
  if (hotels.isError) {
    waiting = <QueryFailed error={hotels.error} onRetry={() => void hotels.refetch()} retrying={hotels.isFetching} />;
  } else if (hotels.isPending) waiting = <Spin className="rp-people__waiting" />;
  else if (hotelId === undefined) waiting = <EmptyState description={t('users.noHotel')} />;
  return { target: hotelId === undefined ? {} : { hotel_id: hotelId }, key: String(hotelId), picker, waiting };
}
