# A development pod of the app (pod 'PushCore', :path => 'LocalPods/PushCore'): in-house code.
Pod::Spec.new do |s|
  s.name         = 'PushCore'
  s.module_name  = 'PushCore'
  s.version      = '0.1.0'
  s.summary      = 'What the app and its extension share about pushes.'
  s.source       = { :git => 'https://example.com/acme/app.git' }
  s.source_files = 'Sources/**/*.swift'
  s.ios.deployment_target = '15.0'
end
