module @jit__complex_fft attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xcomplex<f32>>, %arg1: tensor<4x8xf32>) -> (tensor<8xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<4x5xcomplex<f32>> {jax.result_info = "result[2]"}, tensor<4x8xf32> {jax.result_info = "result[3]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[4]"}, tensor<8xf32> {jax.result_info = "result[5]"}, tensor<8xf32> {jax.result_info = "result[6]"}, tensor<8xf32> {jax.result_info = "result[7]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[8]"}, tensor<2xcomplex<f32>> {jax.result_info = "result[9]"}) {
    %cst = stablehlo.constant dense<[(1.000000e+00,2.000000e+00), (-0.000000e+00,-3.000000e+00)]> : tensor<2xcomplex<f32>>
    %0 = call @fft(%arg0) : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
    %1 = call @fft_0(%arg0) : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
    %2 = call @fft_1(%arg1) : (tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>>
    %3 = call @fft_1(%arg1) : (tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4 = call @_pad(%3, %c) : (tensor<4x5xcomplex<f32>>, tensor<i32>) -> tensor<4x5xcomplex<f32>>
    %5 = call @fft_2(%4) : (tensor<4x5xcomplex<f32>>) -> tensor<4x8xf32>
    %6 = stablehlo.real %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %7 = stablehlo.imag %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %8 = stablehlo.negate %7 : tensor<8xf32>
    %9 = stablehlo.complex %6, %8 : tensor<8xcomplex<f32>>
    %10 = stablehlo.multiply %arg0, %9 : tensor<8xcomplex<f32>>
    %cst_0 = stablehlo.constant dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>
    %11 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<8xcomplex<f32>>
    %12 = stablehlo.add %10, %11 : tensor<8xcomplex<f32>>
    %13 = stablehlo.real %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %14 = stablehlo.imag %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %15 = stablehlo.abs %13 : tensor<8xf32>
    %16 = stablehlo.abs %14 : tensor<8xf32>
    %17 = stablehlo.maximum %15, %16 : tensor<8xf32>
    %cst_1 = stablehlo.constant dense<9.22337203E+18> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %19 = stablehlo.compare GE, %17, %18, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_2 = stablehlo.constant dense<2.44140625E-4> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %21 = stablehlo.compare LE, %17, %20, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_3 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %cst_4 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %25 = stablehlo.multiply %13, %22 : tensor<8xf32>
    %26 = stablehlo.multiply %13, %23 : tensor<8xf32>
    %27 = stablehlo.select %21, %26, %13 : tensor<8xi1>, tensor<8xf32>
    %28 = stablehlo.select %19, %25, %27 : tensor<8xi1>, tensor<8xf32>
    %29 = stablehlo.multiply %14, %22 : tensor<8xf32>
    %30 = stablehlo.multiply %14, %23 : tensor<8xf32>
    %31 = stablehlo.select %21, %30, %14 : tensor<8xi1>, tensor<8xf32>
    %32 = stablehlo.select %19, %29, %31 : tensor<8xi1>, tensor<8xf32>
    %33 = stablehlo.select %21, %22, %24 : tensor<8xi1>, tensor<8xf32>
    %34 = stablehlo.select %19, %23, %33 : tensor<8xi1>, tensor<8xf32>
    %35 = chlo.square %28 : tensor<8xf32> -> tensor<8xf32>
    %36 = chlo.square %32 : tensor<8xf32> -> tensor<8xf32>
    %37 = stablehlo.add %35, %36 : tensor<8xf32>
    %38 = stablehlo.sqrt %37 : tensor<8xf32>
    %39 = stablehlo.multiply %38, %34 : tensor<8xf32>
    %cst_6 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %41 = stablehlo.compare EQ, %15, %40, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %42 = stablehlo.compare EQ, %16, %40, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %43 = stablehlo.or %41, %42 : tensor<8xi1>
    %44 = stablehlo.select %43, %40, %39 : tensor<8xi1>, tensor<8xf32>
    %45 = stablehlo.divide %28, %38 : tensor<8xf32>
    %46 = stablehlo.divide %32, %38 : tensor<8xf32>
    %47 = call @angle(%arg0) : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %48 = stablehlo.real %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %49 = stablehlo.imag %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %50 = stablehlo.add %48, %49 : tensor<8xf32>
    %51 = stablehlo.exponential %arg0 : tensor<8xcomplex<f32>>
    return %0, %1, %2, %5, %12, %44, %47, %50, %51, %cst : tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<4x5xcomplex<f32>>, tensor<4x8xf32>, tensor<8xcomplex<f32>>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xcomplex<f32>>, tensor<2xcomplex<f32>>
  }
  func.func private @fft(%arg0: tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
    return %0 : tensor<8xcomplex<f32>>
  }
  func.func private @fft_0(%arg0: tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
    return %0 : tensor<8xcomplex<f32>>
  }
  func.func private @fft_1(%arg0: tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [8] : (tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>>
    return %0 : tensor<4x5xcomplex<f32>>
  }
  func.func private @_pad(%arg0: tensor<4x5xcomplex<f32>>, %arg1: tensor<i32>) -> tensor<4x5xcomplex<f32>> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<4x5xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4x5xcomplex<f32>>
    return %1 : tensor<4x5xcomplex<f32>>
  }
  func.func private @fft_2(%arg0: tensor<4x5xcomplex<f32>>) -> tensor<4x8xf32> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [8] : (tensor<4x5xcomplex<f32>>) -> tensor<4x8xf32>
    return %0 : tensor<4x8xf32>
  }
  func.func private @angle(%arg0: tensor<8xcomplex<f32>>) -> tensor<8xf32> {
    %0 = stablehlo.real %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %1 = stablehlo.imag %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %2 = stablehlo.atan2 %1, %0 : tensor<8xf32>
    return %2 : tensor<8xf32>
  }
}
