import { Image, Modal } from '@mantine/core';

/** spec §2 attendee list: tapping a photo shows it full size. */
export function PhotoViewer({ photo, onClose }: { photo: { url: string; name: string } | null; onClose: () => void }) {
  return (
    <Modal
      opened={photo !== null}
      onClose={onClose}
      title={photo?.name}
      centered
      size="auto"
      radius="md"
      padding="sm"
      styles={{ body: { display: 'flex', justifyContent: 'center' } }}
    >
      {photo && (
        <Image
          src={photo.url}
          alt={`Photo of ${photo.name}`}
          maw="min(800px, calc(100vw - 64px))"
          mah="calc(100dvh - 160px)"
          w="auto"
          fit="contain"
          radius="sm"
        />
      )}
    </Modal>
  );
}
