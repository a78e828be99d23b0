<?php
/**
 * Contact Form 7, WPForms and Gravity Forms: their submissions are forwarded
 * to POST /forms/submit through their documented hooks; their own
 * notification mail goes through wp_mail(), so through the Mailer.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * Hooks of the three form plugins.
 */
final class Integrations {

	/**
	 * Registers the hooks (they only fire when the plugin is active).
	 */
	public static function register(): void {
		// Contact Form 7: after validation, before its mail (abort is by reference).
		add_action( 'wpcf7_before_send_mail', array( self::class, 'cf7_before_send_mail' ), 20, 3 );
		add_action( 'wpcf7_mail_sent', array( Mailer::class, 'pop_source' ) );
		add_action( 'wpcf7_mail_failed', array( Mailer::class, 'pop_source' ) );
		// WPForms: after the entry is processed.
		add_action( 'wpforms_process_complete', array( self::class, 'wpforms_process_complete' ), 10, 4 );
		// Gravity Forms: after the entry is saved and its notifications sent.
		add_action( 'gform_after_submission', array( self::class, 'gform_after_submission' ), 10, 2 );
		// Gravity Forms' notifications: mark them as its mail.
		add_filter( 'gform_pre_send_email', array( self::class, 'gform_pre_send_email' ), 10, 1 );
		add_action( 'gform_after_email', array( Mailer::class, 'pop_source' ), 10, 0 );
	}

	/**
	 * Contact Form 7's wpcf7_before_send_mail.
	 *
	 * @param object      $contact_form WPCF7_ContactForm.
	 * @param bool        $abort        Whether CF7 will stop (by reference in CF7).
	 * @param object|null $submission   WPCF7_Submission (CF7 5.2+).
	 */
	public static function cf7_before_send_mail( $contact_form, $abort = false, $submission = null ): void {
		if ( $abort ) {
			return;
		}
		Mailer::push_source( 'contact-form-7' );
		if ( ! Settings::get( 'forward_cf7' ) || ! Settings::is_configured() ) {
			return;
		}
		if ( null === $submission && class_exists( 'WPCF7_Submission' ) ) {
			$submission = \WPCF7_Submission::get_instance();
		}
		if ( ! is_object( $submission ) || ! method_exists( $submission, 'get_posted_data' ) ) {
			return;
		}
		$fields = array();
		foreach ( (array) $submission->get_posted_data() as $name => $value ) {
			if ( ! is_string( $name ) || str_starts_with( $name, '_' ) ) {
				continue; // CF7's own hidden fields (_wpcf7, _wpnonce, ...).
			}
			$fields[ $name ] = self::value( $value );
		}
		$meta    = static fn( string $k ): string => method_exists( $submission, 'get_meta' ) ? (string) $submission->get_meta( $k ) : '';
		$visitor = self::visitor( $meta( 'remote_ip' ), $meta( 'user_agent' ), $meta( 'url' ) );
		self::forward(
			'contact-form-7',
			method_exists( $contact_form, 'id' ) ? (int) $contact_form->id() : 0,
			method_exists( $contact_form, 'title' ) ? (string) $contact_form->title() : '',
			$fields,
			$visitor
		);
	}

	/**
	 * WPForms' wpforms_process_complete.
	 *
	 * @param array<int|string, array<string, mixed>> $fields    Processed fields (name = label, value).
	 * @param array<string, mixed>                    $entry     Raw entry.
	 * @param array<string, mixed>                    $form_data Form settings.
	 * @param int                                     $entry_id  Entry id.
	 */
	public static function wpforms_process_complete( $fields, $entry = array(), $form_data = array(), $entry_id = 0 ): void {
		unset( $entry, $entry_id );
		if ( ! Settings::get( 'forward_wpforms' ) || ! Settings::is_configured() || ! is_array( $fields ) ) {
			return;
		}
		$out = array();
		foreach ( $fields as $key => $field ) {
			if ( ! is_array( $field ) ) {
				continue;
			}
			$id   = (string) ( $field['id'] ?? $key );
			$name = self::key( (string) ( $field['name'] ?? '' ), 'email' === ( $field['type'] ?? '' ) ? 'email' : 'field_' . $id, $out, $id );
			// Fields such as checkboxes carry value_raw too; value is the text shown.
			$out[ $name ] = self::value( $field['value'] ?? '' );
		}
		$form_data = is_array( $form_data ) ? $form_data : array();
		self::forward(
			'wpforms',
			(int) ( $form_data['id'] ?? 0 ),
			(string) ( $form_data['settings']['form_title'] ?? '' ),
			$out,
			Forms::visitor()
		);
	}

	/**
	 * Gravity Forms' gform_after_submission.
	 *
	 * @param array<string, mixed> $entry The entry (values by field or input id, ip, user_agent, source_url).
	 * @param array<string, mixed> $form  The form (id, title, fields).
	 */
	public static function gform_after_submission( $entry, $form ): void {
		if ( ! Settings::get( 'forward_gf' ) || ! Settings::is_configured() || ! is_array( $entry ) || ! is_array( $form ) ) {
			return;
		}
		$out = array();
		foreach ( (array) ( $form['fields'] ?? array() ) as $field ) {
			$get  = static fn( string $k ) => is_array( $field ) ? ( $field[ $k ] ?? null ) : ( is_object( $field ) && isset( $field->$k ) ? $field->$k : null );
			$type = (string) $get( 'type' );
			if ( in_array( $type, array( 'html', 'section', 'page', 'captcha' ), true ) ) {
				continue;
			}
			$id     = (string) $get( 'id' );
			$inputs = $get( 'inputs' );
			if ( is_array( $inputs ) && $inputs ) {
				$parts = array();
				foreach ( $inputs as $input ) {
					$input_id = is_array( $input ) ? (string) ( $input['id'] ?? '' ) : '';
					$v        = '' !== $input_id ? (string) ( $entry[ $input_id ] ?? '' ) : '';
					if ( '' !== trim( $v ) ) {
						$parts[] = $v;
					}
				}
				$value = implode( in_array( $type, array( 'name' ), true ) ? ' ' : ', ', $parts );
			} else {
				$value = self::value( $entry[ $id ] ?? '' );
			}
			$label         = (string) ( $get( 'adminLabel' ) ? $get( 'adminLabel' ) : $get( 'label' ) );
			$name          = self::key( $label, 'email' === $type ? 'email' : 'field_' . $id, $out, $id );
			$out[ $name ] = $value;
		}
		self::forward(
			'gravityforms',
			(int) ( $form['id'] ?? 0 ),
			(string) ( $form['title'] ?? '' ),
			$out,
			self::visitor( (string) ( $entry['ip'] ?? '' ), (string) ( $entry['user_agent'] ?? '' ), (string) ( $entry['source_url'] ?? '' ) )
		);
	}

	/**
	 * Gravity Forms' gform_pre_send_email: its notification is about to go to wp_mail().
	 *
	 * @param array<string, mixed> $email The email.
	 * @return array<string, mixed>
	 */
	public static function gform_pre_send_email( $email ) {
		Mailer::push_source( 'gravityforms' );
		return $email;
	}

	/**
	 * Sends one forwarded submission (or keeps it for WP-Cron).
	 *
	 * @param string                $template  The form plugin's name.
	 * @param int                   $form_id   The plugin's form id.
	 * @param string                $form_name The form's title.
	 * @param array<string, string> $fields    Field values.
	 * @param array<string, string> $visitor   Visitor.
	 */
	public static function forward( string $template, int $form_id, string $form_name, array $fields, array $visitor ): void {
		$payload = self::payload( $template, $form_id, $form_name, $fields, $visitor );
		/**
		 * The POST /forms/submit body of a forwarded submission; return null to skip it.
		 *
		 * @param array<string, mixed>|null $payload  The body.
		 * @param string                    $template contact-form-7, wpforms or gravityforms.
		 */
		$payload = apply_filters( 'svcfm_forward_payload', $payload, $template );
		if ( is_array( $payload ) ) {
			Queue::submit_or_keep( $payload, $template );
		}
	}

	/**
	 * The body of a forwarded submission.
	 *
	 * @param string                $template  The form plugin's name.
	 * @param int                   $form_id   The plugin's form id.
	 * @param string                $form_name The form's title.
	 * @param array<string, string> $fields    Field values.
	 * @param array<string, string> $visitor   Visitor.
	 * @return array<string, mixed>
	 */
	public static function payload( string $template, int $form_id, string $form_name, array $fields, array $visitor ): array {
		$payload = array(
			'form_id'  => max( 1, $form_id ),
			'fields'   => (object) array_map( static fn( $v ) => mb_substr( (string) $v, 0, 10000 ), $fields ),
			'template' => $template,
			'site_url' => home_url( '/' ),
		);
		if ( '' !== $form_name ) {
			$payload['form_name'] = mb_substr( $form_name, 0, 200 );
		}
		if ( $visitor ) {
			$payload['visitor'] = $visitor;
		}
		$notify = (string) Settings::get( 'forward_notify' );
		if ( '' !== $notify && is_email( $notify ) ) {
			$payload['notify_email'] = $notify;
		}
		return $payload;
	}

	/**
	 * Visitor data within the API's limits; empty parts left out.
	 *
	 * @param string $ip         IP address.
	 * @param string $user_agent User agent.
	 * @param string $referrer   Referrer or page URL.
	 * @return array<string, string>
	 */
	public static function visitor( string $ip, string $user_agent, string $referrer ): array {
		$out = array();
		// The form plugin read REMOTE_ADDR: behind a trusted proxy the visitor is the header's address.
		if ( isset( $_SERVER['REMOTE_ADDR'] ) && $ip === $_SERVER['REMOTE_ADDR'] ) {
			$ip = Proxy::visitor_ip();
		}
		if ( '' !== $ip && false !== filter_var( $ip, FILTER_VALIDATE_IP ) ) {
			$out['ip'] = $ip;
		}
		if ( '' !== $user_agent ) {
			$out['user_agent'] = mb_substr( $user_agent, 0, 500 );
		}
		if ( '' !== $referrer ) {
			$out['referrer'] = mb_substr( $referrer, 0, 500 );
		}
		return $out;
	}

	/**
	 * A field value as one string (choices joined with ", ").
	 *
	 * @param mixed $value The value.
	 */
	public static function value( $value ): string {
		if ( is_array( $value ) ) {
			return implode( ', ', array_map( array( self::class, 'value' ), $value ) );
		}
		return is_scalar( $value ) ? (string) $value : '';
	}

	/**
	 * A field key from its label ("Your Email" -> your_email), unique in $taken.
	 *
	 * @param string               $label    The label.
	 * @param string               $fallback Key when the label gives none.
	 * @param array<string, mixed> $taken    Keys used so far.
	 * @param string               $id       The field's id (to make a key unique).
	 */
	public static function key( string $label, string $fallback, array $taken, string $id ): string {
		$key = trim( (string) preg_replace( '/[^a-z0-9]+/', '_', strtolower( remove_accents( $label ) ) ), '_' );
		if ( '' === $key ) {
			$key = $fallback;
		}
		if ( array_key_exists( $key, $taken ) ) {
			$key .= '_' . $id;
		}
		return $key;
	}
}
