<?php
/**
 * WordPress's personal-data tools (Tools > Export / Erase Personal Data):
 * an exporter and an eraser that ask the service what it holds about the
 * address for this site (POST /api/v1/privacy/export) and erase it
 * (POST /api/v1/privacy/erase). The service keeps a suppression only as a
 * keyed hash, so an erased person is still never mailed.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * Registers the exporter and the eraser.
 */
final class Privacy {

	const ID = 'svc-forms-mail';

	/** Seconds to wait: the service reads every record of the site. */
	const TIMEOUT = 30;

	/**
	 * Hooks into WordPress's lists of exporters and erasers.
	 */
	public static function register(): void {
		add_filter( 'wp_privacy_personal_data_exporters', array( self::class, 'exporters' ) );
		add_filter( 'wp_privacy_personal_data_erasers', array( self::class, 'erasers' ) );
	}

	/**
	 * Adds the exporter.
	 *
	 * @param array<string, mixed> $list Exporters by id.
	 * @return array<string, mixed>
	 */
	public static function exporters( $list ): array {
		$list             = (array) $list;
		$list[ self::ID ] = array(
			'exporter_friendly_name' => __( 'Forms and mail service', 'svc-forms-mail' ),
			'callback'               => array( self::class, 'export' ),
		);
		return $list;
	}

	/**
	 * Adds the eraser.
	 *
	 * @param array<string, mixed> $list Erasers by id.
	 * @return array<string, mixed>
	 */
	public static function erasers( $list ): array {
		$list             = (array) $list;
		$list[ self::ID ] = array(
			'eraser_friendly_name' => __( 'Forms and mail service', 'svc-forms-mail' ),
			'callback'             => array( self::class, 'erase' ),
		);
		return $list;
	}

	/**
	 * The exporter: one call answers everything, so the first page is the last.
	 *
	 * @param string $email The address.
	 * @param int    $page  Page (1 first).
	 * @return array{data: array<int, array<string, mixed>>, done: bool}|\WP_Error
	 */
	public static function export( $email, $page = 1 ) {
		$r = Settings::client()->request( 'POST', 'privacy/export', array( 'email' => (string) $email ), array(), self::TIMEOUT );
		if ( ! $r->ok() ) {
			return new \WP_Error( 'svcfm_privacy_export', $r->describe() );
		}
		$groups = array(
			'submissions'      => __( 'Form submissions (forms and mail service)', 'svc-forms-mail' ),
			'emails'           => __( 'Emails sent (forms and mail service)', 'svc-forms-mail' ),
			'delivery_reports' => __( 'Delivery reports (forms and mail service)', 'svc-forms-mail' ),
			'unsubscribes'     => __( 'Unsubscribes (forms and mail service)', 'svc-forms-mail' ),
			'suppressions'     => __( 'Suppressions (forms and mail service)', 'svc-forms-mail' ),
			'enrollments'      => __( 'Email sequences (forms and mail service)', 'svc-forms-mail' ),
		);
		$data   = array();
		foreach ( $groups as $kind => $label ) {
			foreach ( (array) ( $r->body[ $kind ] ?? array() ) as $n => $item ) {
				$item   = (array) $item;
				$data[] = array(
					'group_id'    => self::ID . '-' . $kind,
					'group_label' => $label,
					'item_id'     => self::ID . '-' . $kind . '-' . (string) ( $item['id'] ?? $n ),
					'data'        => self::pairs( $item ),
				);
			}
		}
		return array(
			'data' => $data,
			'done' => true,
		);
	}

	/**
	 * The eraser: one call erases everything the service holds for this site.
	 *
	 * @param string $email The address.
	 * @param int    $page  Page (1 first).
	 * @return array{items_removed: bool, items_retained: bool, messages: string[], done: bool}|\WP_Error
	 */
	public static function erase( $email, $page = 1 ) {
		$r = Settings::client()->request( 'POST', 'privacy/erase', array( 'email' => (string) $email ), array(), self::TIMEOUT );
		if ( ! $r->ok() ) {
			return new \WP_Error( 'svcfm_privacy_erase', $r->describe() );
		}
		$erased   = (array) ( $r->body['erased'] ?? array() );
		$kept     = (int) ( $erased['suppressions'] ?? 0 ) + (int) ( $erased['unsubscribes'] ?? 0 );
		$removed  = array_sum( array_map( 'intval', $erased ) ) - $kept;
		$messages = array();
		if ( $kept > 0 ) {
			$messages[] = __( 'The forms and mail service keeps the address\'s unsubscribe or suppression only as a keyed hash, so that it is never mailed again.', 'svc-forms-mail' );
		}
		return array(
			'items_removed'  => $removed > 0,
			'items_retained' => $kept > 0,
			'messages'       => $messages,
			'done'           => true,
		);
	}

	/**
	 * An item as name/value pairs; nested values (fields, recipients) as JSON.
	 *
	 * @param array<string, mixed> $item The item as the service answered it.
	 * @return array<int, array{name: string, value: string}>
	 */
	private static function pairs( array $item ): array {
		$out = array();
		foreach ( $item as $name => $value ) {
			if ( null === $value || array() === $value ) {
				continue;
			}
			$out[] = array(
				'name'  => (string) $name,
				'value' => is_scalar( $value ) ? (string) $value : (string) wp_json_encode( $value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ),
			);
		}
		return $out;
	}
}
