import dayjs from 'dayjs';

/** "19:05", in the device's time zone. */
export const formatTime = (iso: string) => dayjs(iso).format('HH:mm');
