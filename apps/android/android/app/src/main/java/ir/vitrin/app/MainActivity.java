package ir.vitrin.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
