<?php
/**
 * Blocks: the admin notice with GET /blocks/status's headline and Lift
 * buttons (POST /blocks/lift).
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * The block notice and the Lift action.
 */
final class Notices {

	const TRANSIENT = 'svcfm_block_status';
	const TTL       = 300;

	/**
	 * Registers the notice and the action.
	 */
	public static function register(): void {
		add_action( 'admin_notices', array( self::class, 'render' ) );
		add_action( 'admin_post_svcfm_lift', array( self::class, 'lift' ) );
	}

	/**
	 * GET /blocks/status, cached for five minutes (a failure too, so that an
	 * unreachable service does not slow every admin page).
	 *
	 * @param bool $fresh Ask the service now.
	 * @return array<string, mixed> The status object, or ['error' => code].
	 */
	public static function status( bool $fresh = false ): array {
		$cached = $fresh ? false : get_transient( self::TRANSIENT );
		if ( is_array( $cached ) ) {
			return $cached;
		}
		$response = Settings::client()->block_status();
		$status   = $response->ok() && is_array( $response->body['status'] ?? null )
			? $response->body['status']
			: array( 'error' => $response->code() );
		set_transient( self::TRANSIENT, $status, self::TTL );
		return $status;
	}

	/**
	 * Forgets the cached status.
	 */
	public static function forget(): void {
		delete_transient( self::TRANSIENT );
	}

	/**
	 * The notice, for administrators, when anything is blocked.
	 */
	public static function render(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- display flags set by our own redirect, and the page being shown.
		$page = isset( $_GET['page'] ) ? sanitize_key( wp_unslash( $_GET['page'] ) ) : '';
		$tab  = isset( $_GET['tab'] ) ? sanitize_key( wp_unslash( $_GET['tab'] ) ) : '';
		if ( ! Settings::is_configured() ) {
			// Right after activation, and until it is done: say what to do next (not on the page that does it).
			if ( Admin::SLUG !== $page ) {
				echo '<div class="notice notice-info svcfm-setup-notice"><p><strong>' . esc_html__( 'SVC Forms & Mail:', 'svc-forms-mail' ) . '</strong> ' . esc_html__( 'connect this site to your mail and form service to send WordPress’s email through it and show hosted forms.', 'svc-forms-mail' ) . ' <a class="button button-primary" href="' . esc_url( Admin::url() ) . '">' . esc_html__( 'Connect now', 'svc-forms-mail' ) . '</a></p></div>';
			}
			return;
		}
		if ( isset( $_GET['svcfm_lifted'] ) ) {
			$what = sanitize_key( wp_unslash( $_GET['svcfm_lifted'] ) );
			echo '<div class="notice notice-success is-dismissible"><p>' . esc_html( 'site' === $what ? __( 'The site is enabled again.', 'svc-forms-mail' ) : __( 'The block was lifted.', 'svc-forms-mail' ) ) . '</p></div>';
		}
		if ( Admin::SLUG === $page && 'status' === $tab ) {
			// The Status tab lists the blocks in its own card.
			// phpcs:enable
			return;
		}
		if ( isset( $_GET['svcfm_lift_error'] ) ) {
			$code = sanitize_key( wp_unslash( $_GET['svcfm_lift_error'] ) );
			echo '<div class="notice notice-error is-dismissible"><p>' . esc_html( self::lift_error_text( $code ) ) . '</p></div>';
		}
		// phpcs:enable
		$status = self::status();
		if ( empty( $status['any_active_block'] ) ) {
			return;
		}
		echo self::markup( $status, (string) ( Settings::connection()['site_id'] ?? '' ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped in markup().
	}

	/**
	 * The notice's markup.
	 *
	 * @param array<string, mixed> $status  GET /blocks/status's status.
	 * @param string               $site_id This site's id in the service ('' when unknown).
	 * @param bool                 $in_card Whether it goes in the Status tab's card (not a notice).
	 */
	public static function markup( array $status, string $site_id, bool $in_card = false ): string {
		$headline = is_string( $status['headline'] ?? null ) && '' !== $status['headline']
			? $status['headline']
			: __( 'Something is blocked in the mail and form service.', 'svc-forms-mail' );
		// In a card the notice classes would make WordPress move it to the top of the page.
		$html     = '<div class="' . ( $in_card ? 'svcfm-block-card' : 'notice notice-warning svcfm-block-notice' ) . '"><p><strong>' . esc_html__( 'SVC Forms & Mail:', 'svc-forms-mail' ) . '</strong> ' . esc_html( $headline ) . '</p>';
		$items    = '';
		foreach ( (array) ( $status['site_blocks'] ?? array() ) as $block ) {
			if ( ! is_array( $block ) ) {
				continue;
			}
			$items .= '<li>' . esc_html( (string) ( $block['reason'] ?? '' ) );
			if ( ! empty( $block['selfLiftable'] ) ) {
				$items .= ' ' . self::lift_button( 'site', '', __( 'Enable the site again', 'svc-forms-mail' ) );
			}
			$items .= '</li>';
		}
		foreach ( (array) ( $status['ip_blocks'] ?? array() ) as $block ) {
			if ( ! is_array( $block ) ) {
				continue;
			}
			$until = empty( $block['blockedUntil'] )
				? __( 'no end', 'svc-forms-mail' )
				/* translators: %s: a date and time. */
				: sprintf( __( 'until %s', 'svc-forms-mail' ), self::local_time( (string) $block['blockedUntil'] ) );
			$reason = (string) ( $block['reason'] ?? '' );
			if ( 'rate_limit' === $reason ) {
				$reason = __( 'more than 3 form submissions in a minute', 'svc-forms-mail' );
			}
			/* translators: 1: an IP address, 2: why it is blocked, 3: "until <time>" or "no end". */
			$items .= '<li>' . esc_html( sprintf( __( '%1$s is blocked (%2$s), %3$s.', 'svc-forms-mail' ), (string) ( $block['ip'] ?? '' ), $reason, $until ) );
			if ( ! empty( $block['note'] ) ) {
				$items .= ' — ' . esc_html( (string) $block['note'] );
			}
			$owned = '' === $site_id || ( $block['triggeredBySiteId'] ?? null ) === $site_id;
			if ( ! empty( $block['selfLiftable'] ) && $owned ) {
				/* translators: %s: an IP address. */
				$items .= ' ' . self::lift_button( 'ip', (string) ( $block['id'] ?? '' ), sprintf( __( 'Lift the block on %s', 'svc-forms-mail' ), (string) ( $block['ip'] ?? '' ) ), __( 'Lift block', 'svc-forms-mail' ) );
			}
			$items .= '</li>';
		}
		if ( '' !== $items ) {
			$html .= '<ul class="svcfm-block-list">' . $items . '</ul>';
		}
		return $html . '</div>';
	}

	/**
	 * A Lift button (a small form posting to admin-post.php with a nonce).
	 *
	 * @param string $kind     ip or site.
	 * @param string $block_id Block id.
	 * @param string $label    Accessible label.
	 * @param string $text     Visible text ('' = the label).
	 */
	private static function lift_button( string $kind, string $block_id, string $label, string $text = '' ): string {
		$back  = isset( $_SERVER['REQUEST_URI'] ) ? esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : admin_url();
		$html  = '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" class="svcfm-lift-form" style="display:inline">';
		$html .= '<input type="hidden" name="action" value="svcfm_lift" />';
		$html .= '<input type="hidden" name="kind" value="' . esc_attr( $kind ) . '" />';
		$html .= '<input type="hidden" name="block_id" value="' . esc_attr( $block_id ) . '" />';
		$html .= '<input type="hidden" name="back" value="' . esc_attr( $back ) . '" />';
		$html .= wp_nonce_field( 'svcfm_lift', '_svcfm_nonce', false, false );
		$html .= '<button type="submit" class="button button-small" aria-label="' . esc_attr( $label ) . '">' . esc_html( '' !== $text ? $text : $label ) . '</button></form>';
		return $html;
	}

	/**
	 * admin-post.php?action=svcfm_lift.
	 */
	public static function lift(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'You are not allowed to do this.', 'svc-forms-mail' ), 403 );
		}
		check_admin_referer( 'svcfm_lift', '_svcfm_nonce' );
		$kind     = isset( $_POST['kind'] ) && 'site' === $_POST['kind'] ? 'site' : 'ip';
		$block_id = isset( $_POST['block_id'] ) ? substr( sanitize_text_field( wp_unslash( $_POST['block_id'] ) ), 0, 80 ) : '';
		$back     = isset( $_POST['back'] ) ? esc_url_raw( wp_unslash( $_POST['back'] ) ) : '';
		$back     = wp_validate_redirect( $back, admin_url() );
		$back     = remove_query_arg( array( 'svcfm_lifted', 'svcfm_lift_error' ), $back );
		$response = Settings::client()->lift( $kind, $block_id );
		self::forget();
		if ( $response->ok() ) {
			$back = add_query_arg( 'svcfm_lifted', $kind, $back );
		} else {
			$back = add_query_arg( 'svcfm_lift_error', $response->code(), $back );
		}
		wp_safe_redirect( $back );
		exit;
	}

	/**
	 * Words for POST /blocks/lift's errors.
	 *
	 * @param string $code Error code.
	 */
	public static function lift_error_text( string $code ): string {
		$texts = array(
			'not_found'             => __( 'The service knows no such block.', 'svc-forms-mail' ),
			'already_lifted'        => __( 'The block was already lifted.', 'svc-forms-mail' ),
			'not_self_liftable'     => __( 'This block cannot be lifted from WordPress: only automatic rate-limit blocks can.', 'svc-forms-mail' ),
			'not_owner'             => __( 'Another site started this block, so only it (or the service) can lift it.', 'svc-forms-mail' ),
			'already_active'        => __( 'The site is not disabled.', 'svc-forms-mail' ),
			'requires_admin_review' => __( 'The service disabled this site by hand: it needs the service’s review.', 'svc-forms-mail' ),
			'unreachable'           => __( 'The service could not be reached. Try again in a moment.', 'svc-forms-mail' ),
		);
		/* translators: %s: an error code. */
		return $texts[ $code ] ?? sprintf( __( 'The block could not be lifted (%s).', 'svc-forms-mail' ), $code );
	}

	/**
	 * An ISO 8601 time in the site's time zone and format.
	 *
	 * @param string $iso The time.
	 */
	public static function local_time( string $iso ): string {
		$ts = strtotime( $iso );
		if ( false === $ts ) {
			return $iso;
		}
		return wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $ts );
	}
}
