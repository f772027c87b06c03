package net.outpost.portal;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
